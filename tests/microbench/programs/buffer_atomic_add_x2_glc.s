// MUBUF
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  buffer_atomic_add_x2 v[10:11], v2, s[4:7], 0 offen glc
