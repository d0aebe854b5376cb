// SMRD
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_memtime s[10:11]
