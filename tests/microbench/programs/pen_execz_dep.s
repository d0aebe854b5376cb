// s_cbranch_execz (not taken: EXEC = all ones) right after the write of EXEC
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_mov_b64 exec, s[8:9]
  s_cbranch_execz 1f
1:
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
