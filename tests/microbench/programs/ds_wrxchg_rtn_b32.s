// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_wrxchg_rtn_b32 v10, v1, v4
