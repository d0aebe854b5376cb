// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_read2_b32 v[10:11], v1 offset1:64
