# gens: gfx8 gfx9
# Checker: VALU writes v2, then a DPP op reads it at once (tests/sim/check/check_hazard_test.cpp).
v_mov_b32 v2, 1
v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
s_endpgm
