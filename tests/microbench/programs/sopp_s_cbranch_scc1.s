// SOPP conditional branch, not taken (SCC = 0)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_cbranch_scc1 1f
1:
