# gens: gfx8 gfx9
// 16-bit integer VOP2/VOP3 ops and 32-bit packing/permute ops of GCN 1.2/1.4.
// Inputs v1, v2, v3 (random 32-bit, edge lanes); see tests/sim/semantics/valu_int_test.cpp.
v_ashrrev_i16 v10, v1, v2
v_lshrrev_b16 v11, v1, v2
v_max_i16 v12, v1, v2
v_max_u16 v13, v1, v2
v_min_i16 v14, v1, v2
v_min_u16 v15, v1, v2
v_mul_lo_u16 v16, v1, v2
v_sub_u16 v17, v1, v2
v_subrev_u16 v18, v1, v2
v_sub_u16_e64 v19, v1, v2 clamp
v_subrev_u16_e64 v20, v1, v2 clamp
v_mad_i16 v21, v1, v2, v3
v_mad_i16 v22, v1, v2, v3 clamp
v_cvt_f16_i16 v23, v1
v_cvt_f16_u16 v24, v1
v_perm_b32 v25, v1, v2, v3
v_cvt_pk_i16_i32 v26, v1, v2
v_cvt_pk_u16_u32 v27, v1, v2
v_min_i16_e64 v28, v1, -1
v_max_u16_e64 v29, v1, 64
s_endpgm
