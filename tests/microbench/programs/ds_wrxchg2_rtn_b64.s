// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_wrxchg2_rtn_b64 v[12:15], v2, v[4:5], v[6:7] offset1:64
