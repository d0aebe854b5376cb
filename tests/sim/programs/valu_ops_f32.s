// f32/f64 ops on every generation: cube-map helpers, v_cvt_pk_u8_f32, v_sqrt_f64.
// Inputs v1, v2, v3 (f32), v[4:5] (f64), v6 (int); see tests/sim/semantics/valu_ops_legacy_test.cpp.
v_cubeid_f32 v10, v1, v2, v3
v_cubema_f32 v11, v1, v2, v3
v_cubesc_f32 v12, v1, v2, v3
v_cubetc_f32 v13, v1, v2, v3
v_cvt_pk_u8_f32 v14, v1, v6, v2
v_sqrt_f64 v[16:17], v[4:5]
s_endpgm
