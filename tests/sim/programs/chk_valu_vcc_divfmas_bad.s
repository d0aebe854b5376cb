# Checker: VALU writes VCC, then v_div_fmas at once (tests/sim/check/check_hazard_test.cpp).
v_cmp_eq_u32_e32 vcc, v0, v0
v_div_fmas_f32 v1, v2, v3, v4
s_endpgm
