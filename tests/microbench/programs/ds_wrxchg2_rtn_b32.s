// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_wrxchg2_rtn_b32 v[10:11], v1, v4, v5 offset1:64
