// baseline of pen_vadd_salu_dep: a float VALU op and an independent SALU op
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_add_f32 v10, v4, v5
  s_and_b64 s[10:11], s[12:13], s[8:9]
