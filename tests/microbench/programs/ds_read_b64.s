// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_read_b64 v[10:11], v2
