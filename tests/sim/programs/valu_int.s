// Integer VALU ops on every generation. Inputs (set by tests/sim/semantics/valu_int_test.cpp):
// v1, v2, v3 per-lane operands, vcc and s[4:5] lane masks.
v_and_b32 v10, v1, v2
v_or_b32 v11, v1, v2
v_xor_b32 v12, v1, v2
v_lshlrev_b32 v13, v2, v1
v_lshrrev_b32 v14, v2, v1
v_ashrrev_i32 v15, v2, v1
v_mul_i32_i24 v16, v1, v2
v_mul_hi_u32 v17, v1, v2
v_mul_lo_u32 v18, v1, v2
v_bfe_u32 v19, v1, v2, v3
v_bfe_i32 v20, v1, v2, v3
v_bfi_b32 v21, v1, v2, v3
v_alignbit_b32 v22, v1, v2, v3
v_min_i32 v23, v1, v2
v_max_u32 v24, v1, v2
v_bfrev_b32 v25, v1
v_ffbh_u32 v26, v1
v_ffbl_b32 v27, v1
v_ffbh_i32 v28, v1
v_med3_i32 v29, v1, v2, v3
v_mul_hi_i32_i24 v30, v1, v2
v_mad_u32_u24 v31, v1, v2, v3
v_sad_u8 v32, v1, v2, v3
v_mul_hi_i32 v33, v1, v2
v_not_b32 v34, v1
v_mbcnt_lo_u32_b32 v35, -1, 0
v_mbcnt_hi_u32_b32 v35, -1, v35
v_cndmask_b32 v36, v1, v2, vcc
v_cndmask_b32_e64 v37, v1, v2, s[4:5]
v_bcnt_u32_b32 v38, v1, v2
v_alignbyte_b32 v39, v1, v2, v3
v_mul_u32_u24 v40, v1, v2
v_mul_hi_u32_u24 v41, v1, v2
v_max3_u32 v42, v1, v2, v3
v_min3_i32 v43, v1, v2, v3
v_msad_u8 v44, v1, v2, v3
v_sad_u32 v45, v1, v2, v3
v_mad_i32_i24 v46, v1, v2, v3
v_bfm_b32 v47, v1, v2
v_mov_b32 v48, 0x12345678
v_mov_b32 v49, -7
v_lerp_u8 v50, v1, v2, v3
s_endpgm
