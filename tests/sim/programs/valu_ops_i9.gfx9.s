// GCN 1.4-only integer ops; see tests/sim/semantics/valu_int_test.cpp.
v_mad_legacy_i16 v10, v1, v2, v3
v_mad_i32_i16 v11, v1, v2, v3
v_mad_u32_u16 v12, v1, v2, v3
v_max3_i16 v13, v1, v2, v3
v_max3_u16 v14, v1, v2, v3
v_med3_i16 v15, v1, v2, v3
v_med3_u16 v16, v1, v2, v3
v_min3_i16 v17, v1, v2, v3
v_min3_u16 v18, v1, v2, v3
v_sub_i16 v19, v1, v2
v_sub_i16 v20, v1, v2 clamp
v_add_lshl_u32 v21, v1, v2, v3
v_sat_pk_u8_i16 v22, v1
v_screen_partition_4se_b32 v23, v1
v_mad_i16 v24, v1, v2, v3 op_sel:[1,1,0,1]
v_max3_u16 v25, v1, v2, v3 op_sel:[1,0,1,0]
v_mov_b32 v26, v1
v_mov_b32 v27, v2
v_swap_b32 v26, v27
v_mad_u32_u16 v28, v1, v2, v3 op_sel:[1,1,0,0]
s_endpgm
