// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_read2_b64 v[12:15], v2 offset1:64
