// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_write2_b32 v1, v4, v5 offset1:64
