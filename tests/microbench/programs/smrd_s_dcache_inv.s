// SMRD
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_dcache_inv
