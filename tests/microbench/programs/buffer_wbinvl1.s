// MUBUF
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  buffer_wbinvl1
