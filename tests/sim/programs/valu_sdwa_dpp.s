# gens: gfx8 gfx9
// SDWA selections and DPP lane moves, 16-bit ops (GCN 1.2/1.4); see tests/sim/valu_f16_test.cpp.
v_or_b32_sdwa v20, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 src1_sel:WORD_1
v_mov_b32_sdwa v21, v1 dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_3
v_mov_b32_sdwa v22, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
v_add_f16_sdwa v23, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0
v_mov_b32_dpp v24, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v25, v1 row_shr:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v26, v1 row_shl:3 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_or_b32_dpp v27, v1, v2 row_ror:4 row_mask:0xa bank_mask:0xf
v_mov_b32_dpp v28, v1 wave_shr:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v29, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
v_mov_b32_dpp v30, v1 row_mirror row_mask:0xf bank_mask:0x5
v_add_f16 v10, v1, v2
v_mul_f16 v11, v1, v2
v_fma_f16 v12, v1, v2, v3
v_max_f16 v13, v1, v2
v_cvt_f32_f16 v14, v1
v_cvt_f16_f32 v15, v4
v_add_u16 v17, v1, v2
v_add_u16_e64 v18, v1, v2 clamp
v_lshlrev_b16 v19, v2, v1
v_cmp_lt_f16 vcc, v1, v2
s_mov_b64 s[20:21], vcc
s_endpgm
