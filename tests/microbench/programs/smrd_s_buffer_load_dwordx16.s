// SMRD
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_buffer_load_dwordx16 s[16:31], s[4:7], 0x0
