// SOPP taken branch to the first dword of the next 32-byte block (GcnTimings.md:59: no jump-target penalty); the s_nops are jumped over
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_branch 1f
  s_nop 0
  s_nop 0
  s_nop 0
  s_nop 0
  s_nop 0
  s_nop 0
  s_nop 0
1:
