// Single-precision VALU ops on every generation; inputs v1, v2, v3 (floats),
// v4 (small ints), v5 (f16 bits), v6 (class masks); see tests/sim/semantics/valu_float_test.cpp.
v_add_f32 v10, v1, v2
v_mul_f32 v11, v1, v2
v_mad_f32 v12, v1, v2, v3
v_fma_f32 v13, v1, v2, v3
v_min_f32 v14, v1, v2
v_max_f32 v15, v1, v2
v_rcp_f32 v16, v1
v_sqrt_f32 v17, v1
v_floor_f32 v18, v1
v_fract_f32 v19, v1
v_cvt_i32_f32 v20, v1
v_cvt_u32_f32 v21, v1
v_cvt_f32_i32 v22, v4
v_add_f32_e64 v23, v1, v2 clamp
v_mul_f32_e64 v24, -v1, |v2|
v_ldexp_f32 v25, v1, v4
v_frexp_mant_f32 v26, v1
v_frexp_exp_i32_f32 v27, v1
v_sub_f32 v28, v1, v2
v_subrev_f32 v29, v1, v2
v_mac_f32 v30, v1, v2
v_madak_f32 v31, v1, v2, 0x40400000
v_madmk_f32 v32, v1, 0x3fc00000, v2
v_cvt_f64_f32 v[34:35], v1
v_cvt_f16_f32 v36, v1
v_cvt_f32_f16 v37, v5
v_cmp_class_f32 vcc, v1, v6
v_cndmask_b32 v38, 0, 1, vcc
v_med3_f32 v39, v1, v2, v3
v_trunc_f32 v40, v1
v_rndne_f32 v41, v1
v_ceil_f32 v42, v1
v_exp_f32 v43, v1
v_log_f32 v44, v1
v_sin_f32 v45, v1
v_cos_f32 v46, v1
v_rsq_f32 v47, v1
v_cvt_rpi_i32_f32 v48, v1
v_cvt_flr_i32_f32 v49, v1
v_max3_f32 v50, v1, v2, v3
v_mul_legacy_f32 v51, v1, v2
v_min3_f32 v52, v1, v2, v3
s_endpgm
