// gfx906 (Vega 20) operations; see tests/sim/semantics/valu_gfx906_test.cpp.
// Inputs: v1 (f16 in the low half), v2, v3 (f32), v4, v5 (packed integer
// sources), v6 (integer addend), v8, v9 (f16 pairs), v7 (f32 addend),
// v12 (kept half of the mixhi/mixlo results), v22 (= v3, the fmac accumulator).
v_fma_mix_f32 v10, v1, v2, v3 op_sel_hi:[1,0,0]
v_fma_mixlo_f16 v11, v1, v2, v3 op_sel_hi:[1,0,0]
v_fma_mixhi_f16 v12, v1, v2, v3 op_sel_hi:[1,0,0]
v_dot2_f32_f16 v13, v8, v9, v7
v_dot2_i32_i16 v14, v4, v5, v6
v_dot2_u32_u16 v15, v4, v5, v6
v_dot4_i32_i8 v16, v4, v5, v6
v_dot4_u32_u8 v17, v4, v5, v6
v_dot8_i32_i4 v18, v4, v5, v6
v_dot8_u32_u4 v19, v4, v5, v6
v_dot2_i32_i16 v20, v4, v5, v6 clamp
v_dot4_u32_u8 v21, v4, v5, v6 clamp
v_fmac_f32 v22, v2, v3
v_xnor_b32 v23, v4, v5
v_dot8_i32_i4 v24, v4, v5, v6 clamp
v_dot2_u32_u16 v25, v4, v5, v6 clamp
s_endpgm
