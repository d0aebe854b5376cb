// the same instructions with the VOP3 in dwords 4-5 (outside the first 3 dwords)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mad_f32 v10, v4, v5, v6
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
