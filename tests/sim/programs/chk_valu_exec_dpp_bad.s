# gens: gfx8 gfx9
# Checker: v_cmpx writes EXEC, then a DPP op at once (tests/sim/check/check_hazard_test.cpp).
v_cmpx_eq_u32_e32 vcc, v0, v0
v_mov_b32_dpp v1, v3 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
s_endpgm
