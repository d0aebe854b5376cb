# gens: gfx6 gfx7
// GCN 1.0/1.1-only VOP1/VOP2/VOP3 ops (legacy, clamp, VOP2 packing, v_movrel*).
// Inputs v1, v2, v3 (f32), v[4:5] (f64), v6 (int); see tests/sim/semantics/valu_ops_legacy_test.cpp.
v_ashr_i32 v10, v6, v2
v_lshr_b32 v11, v6, v2
v_max_legacy_f32 v12, v1, v2
v_min_legacy_f32 v13, v1, v2
v_mul_lo_i32 v14, v6, v2
v_mullit_f32 v15, v1, v2, v3
v_cvt_pkrtz_f16_f32 v16, v1, v2
v_cvt_pknorm_i16_f32 v17, v1, v2
v_cvt_pknorm_u16_f32 v18, v1, v2
v_cvt_pk_u16_u32 v19, v6, v2
v_cvt_pk_i16_i32 v20, v6, v2
v_mov_b32 v21, v6
v_cvt_pkaccum_u8_f32 v21, v1, v2
v_rcp_clamp_f32 v22, v1
v_rcp_legacy_f32 v23, v1
v_rsq_clamp_f32 v24, v1
v_rsq_legacy_f32 v25, v1
v_log_clamp_f32 v26, v1
v_rcp_clamp_f64 v[28:29], v[4:5]
v_rsq_clamp_f64 v[30:31], v[4:5]
s_mov_b32 m0, 2
v_movrels_b32 v32, v1
v_movreld_b32 v33, v2
v_movrelsd_b32 v40, v1
s_endpgm
