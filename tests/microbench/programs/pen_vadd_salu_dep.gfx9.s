// integer V_ADD writing VCC, read by the next SALU op
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_add_co_u32 v10, vcc, v4, v5
  s_and_b64 s[10:11], vcc, s[8:9]
