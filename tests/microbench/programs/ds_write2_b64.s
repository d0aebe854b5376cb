// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_write2_b64 v2, v[4:5], v[6:7] offset1:64
