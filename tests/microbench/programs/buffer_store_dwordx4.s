// MUBUF
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  buffer_store_dwordx4 v[4:7], v3, s[4:7], 0 offen
