# gens: gfx8 gfx9
// Half-precision VOP1/VOP2/VOP3 ops of GCN 1.2/1.4. Inputs v1, v2, v3 (f16 in
// [15:0], garbage in [31:16]), v4 (small exponents); see tests/sim/valu_ops_f16_test.cpp.
v_sub_f16 v10, v1, v2
v_subrev_f16 v11, v1, v2
v_min_f16 v12, v1, v2
v_ldexp_f16 v13, v1, v4
v_mov_b32 v14, v3
v_mac_f16 v14, v1, v2
v_madak_f16 v15, v1, v2, 0x4200
v_madmk_f16 v16, v1, 0x3800, v2
v_ceil_f16 v17, v1
v_floor_f16 v18, v1
v_trunc_f16 v19, v1
v_rndne_f16 v20, v1
v_fract_f16 v21, v1
v_frexp_mant_f16 v22, v1
v_frexp_exp_i16_f16 v23, v1
v_cvt_i16_f16 v24, v1
v_cvt_u16_f16 v25, v1
v_sub_f16_e64 v26, v1, v2 clamp
v_min_f16_e64 v27, -v1, |v2|
v_rcp_f16 v30, v1
v_rsq_f16 v31, v1
v_sqrt_f16 v32, v1
v_exp_f16 v33, v1
v_log_f16 v34, v1
v_sin_f16 v35, v1
v_cos_f16 v36, v1
v_div_fixup_f16 v37, v1, v2, v3
v_mad_f16 v38, v1, v2, v3
s_endpgm
