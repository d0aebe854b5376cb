// VOP3
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mqsad_pk_u16_u8 v[10:11], v[4:5], v6, v[8:9]
