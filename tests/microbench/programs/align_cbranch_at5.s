// s_cbranch_scc1, not taken (SCC = 0), at dword 5 of its 32-byte block, between 1-dword SALU fillers (filler_salu)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  .rept 5
  s_mov_b32 s40, s41
  .endr
  s_cbranch_scc1 1f
1:
  .rept 2
  s_mov_b32 s40, s41
  .endr
