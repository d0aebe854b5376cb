// Integer VOP1/VOP3 ops present on every generation: byte conversions, 3-operand
// min/max/med, sums of absolute differences, v_nop/v_clrexcp.
// Inputs v1, v2, v3, v[4:5], v[6:7]; see tests/sim/semantics/valu_int_test.cpp.
v_nop
v_cvt_f32_ubyte0 v10, v1
v_cvt_f32_ubyte1 v11, v1
v_cvt_f32_ubyte2 v12, v1
v_cvt_f32_ubyte3 v13, v1
v_cvt_off_f32_i4 v14, v1
v_max3_i32 v15, v1, v2, v3
v_med3_u32 v16, v1, v2, v3
v_sad_hi_u8 v17, v1, v2, v3
v_sad_u16 v18, v1, v2, v3
v_mqsad_pk_u16_u8 v[20:21], v[4:5], v2, v[6:7]
v_clrexcp
v_cvt_f32_ubyte2_e64 v22, v1 clamp
v_nop
s_endpgm
