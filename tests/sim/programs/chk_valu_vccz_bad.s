# Checker: VALU writes VCC, then a VALU op reads VCCZ at once (tests/sim/check/check_hazard_test.cpp).
v_cmp_eq_u32_e32 vcc, v0, v0
v_mov_b32 v1, src_vccz
s_endpgm
