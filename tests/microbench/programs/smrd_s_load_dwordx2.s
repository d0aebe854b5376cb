// SMRD
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_load_dwordx2 s[10:11], s[0:1], 0x0
