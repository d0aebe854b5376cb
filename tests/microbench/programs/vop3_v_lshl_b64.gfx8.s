// VOP3 64-bit shift (v_lshl_b64 on GCN 1.0/1.1, v_lshlrev_b64 from GCN 1.2)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_lshlrev_b64 v[10:11], v6, v[4:5]
