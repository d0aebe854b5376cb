// MUBUF
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  buffer_load_dwordx4 v[12:15], v3, s[4:7], 0 offen
