// integer V_ADD writing VCC, then an SALU op that does not read VCC (the same SALU op as pen_vadd_salu_base)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_add_u32 v10, vcc, v4, v5
  s_and_b64 s[10:11], s[12:13], s[8:9]
