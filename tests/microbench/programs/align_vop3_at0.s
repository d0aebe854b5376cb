// 2-dword VOP3 in dwords 0-1 of the 32-byte block (no penalty), six 1-dword VOP1
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mad_f32 v10, v4, v5, v6
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
  v_mov_b32 v22, v23
