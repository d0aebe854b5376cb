// GCN 1.4 VOP3P packed ops, f16 VOP3 ops and f16 packing; inputs v1, v2, v3
// (f16/i16 pairs), v4, v5 (f32); see tests/sim/valu_ops_f16_test.cpp.
v_pk_ashrrev_i16 v10, v1, v2
v_pk_lshrrev_b16 v11, v1, v2
v_pk_mad_i16 v12, v1, v2, v3
v_pk_max_f16 v13, v1, v2
v_pk_min_f16 v14, v1, v2
v_pk_max_i16 v15, v1, v2
v_pk_min_i16 v16, v1, v2
v_pk_max_u16 v17, v1, v2
v_pk_min_u16 v18, v1, v2
v_pk_mul_lo_u16 v19, v1, v2
v_pk_sub_i16 v20, v1, v2 clamp
v_pk_sub_u16 v21, v1, v2
v_mad_mixhi_f16 v22, v1, v2, v3 op_sel_hi:[1,1,1]
v_min3_f16 v23, v1, v2, v3
v_med3_f16 v24, v1, v2, v3
v_cvt_pknorm_i16_f16 v25, v1, v2
v_cvt_pknorm_u16_f16 v26, v1, v2
v_mad_legacy_f16 v27, v1, v2, v3
v_fma_legacy_f16 v28, v1, v2, v3
v_div_fixup_legacy_f16 v29, v1, v2, v3
v_cvt_norm_i16_f16 v30, v1
v_cvt_norm_u16_f16 v31, v1
v_pk_sub_i16 v32, v1, v2
v_pk_sub_u16 v33, v1, v2 clamp
v_min3_f32 v34, v4, v5, v1
s_endpgm
