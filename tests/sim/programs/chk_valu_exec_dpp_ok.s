# gens: gfx8 gfx9
# Checker: 5 wait states between (tests/sim/check/check_hazard_test.cpp).
v_cmpx_eq_u32_e32 vcc, v0, v0
s_nop 4
v_mov_b32_dpp v1, v3 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
s_endpgm
