// GCN 1.4 only: packed math (VOP3P), op_sel, mixed-precision mad, 3-operand adds.
// See tests/sim/valu_f16_test.cpp.
v_pk_add_f16 v10, v1, v2
v_pk_add_f16 v11, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]
v_pk_mul_f16 v12, v1, v2 neg_lo:[1,0] neg_hi:[0,1]
v_pk_add_u16 v13, v1, v2 clamp
v_pk_add_i16 v14, v1, v2 clamp
v_pk_mad_u16 v15, v1, v2, v3
v_pk_lshlrev_b16 v16, v2, v1
v_pk_fma_f16 v17, v1, v2, v3
v_mad_f16 v18, v1, v2, v3 op_sel:[1,1,0,1]
v_mad_u16 v19, v1, v2, v3
v_add3_u32 v21, v1, v2, v3
v_lshl_add_u32 v22, v1, v2, v3
v_pack_b32_f16 v23, v1, v2 op_sel:[1,0]
v_mad_mix_f32 v24, v1, v2, v4 op_sel_hi:[1,1,0]
v_mad_mixlo_f16 v25, v4, v5, v6
v_max3_f16 v28, v1, v2, v3
v_add_i16 v29, v1, v2 clamp
s_endpgm
