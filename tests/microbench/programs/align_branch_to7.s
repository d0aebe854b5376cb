// s_branch from dword 0 of a 32-byte block to dword 7 of the next block, whose s_branch jumps to dword 0 of the block after it (the next iteration); the s_nops are jumped over
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_branch 1f
  .rept 14
  s_nop 0
  .endr
1:
  s_branch 2f
2:
