// The LLVM fdiv expansions for f32 (v1 / v2 -> v10) and f64 (v[20:21] / v[22:23]
// -> v[40:41]) built on v_div_scale, v_rcp, v_fma, v_div_fmas, v_div_fixup.
v_div_scale_f32 v3, s[2:3], v2, v2, v1
v_div_scale_f32 v4, vcc, v1, v2, v1
v_rcp_f32 v5, v3
v_fma_f32 v6, -v3, v5, 1.0
v_fma_f32 v5, v6, v5, v5
v_mul_f32 v6, v4, v5
v_fma_f32 v7, -v3, v6, v4
v_fma_f32 v6, v7, v5, v6
v_fma_f32 v3, -v3, v6, v4
v_div_fmas_f32 v3, v3, v5, v6
v_div_fixup_f32 v10, v3, v2, v1
v_div_scale_f64 v[24:25], s[2:3], v[22:23], v[22:23], v[20:21]
v_rcp_f64 v[26:27], v[24:25]
v_fma_f64 v[28:29], -v[24:25], v[26:27], 1.0
v_fma_f64 v[26:27], v[26:27], v[28:29], v[26:27]
v_fma_f64 v[28:29], -v[24:25], v[26:27], 1.0
v_fma_f64 v[26:27], v[26:27], v[28:29], v[26:27]
v_div_scale_f64 v[28:29], vcc, v[20:21], v[22:23], v[20:21]
v_mul_f64 v[30:31], v[28:29], v[26:27]
v_fma_f64 v[24:25], -v[24:25], v[30:31], v[28:29]
v_div_fmas_f64 v[24:25], v[24:25], v[26:27], v[30:31]
v_div_fixup_f64 v[40:41], v[24:25], v[22:23], v[20:21]
v_trig_preop_f64 v[42:43], 1.0, 0
v_trig_preop_f64 v[44:45], 1.0, 1
v_add_f64 v[46:47], v[20:21], v[22:23]
v_fma_f64 v[48:49], v[20:21], v[22:23], v[20:21]
v_min_f64 v[50:51], v[20:21], v[22:23]
v_cvt_i32_f64 v52, v[20:21]
v_fract_f64 v[54:55], v[20:21]
s_endpgm
