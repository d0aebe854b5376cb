# gens: gfx8 gfx9
// GPR indexing mode (CLRX GcnState.md "GPR indexing mode", GcnInstrsSopc.md
// S_SET_GPR_IDX_ON, GcnInstrsSopp.md S_SET_GPR_IDX_MODE/OFF, GcnInstrsSop1.md
// S_SET_GPR_IDX_IDX). Inputs: s2 = 3, s3 = 60, s5 = 0x5555, 64 VGPRs.
// See tests/sim/semantics/gpr_index_test.cpp.
s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)
v_mov_b32 v10, v1
v_and_b32 v20, v1, v2
v_mov_b32 v14, s5
s_set_gpr_idx_mode gpr_idx(SRC1)
v_or_b32 v30, v1, v2
s_set_gpr_idx_idx s3
v_xor_b32 v31, v1, v2
v_mad_u32_u24 v40, v1, v2, v3
s_set_gpr_idx_mode gpr_idx(DST)
v_mov_b32 v5, v2
s_set_gpr_idx_off
v_mov_b32 v11, v2
s_endpgm
