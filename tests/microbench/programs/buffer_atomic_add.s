// MUBUF
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  buffer_atomic_add v4, v1, s[4:7], 0 offen
