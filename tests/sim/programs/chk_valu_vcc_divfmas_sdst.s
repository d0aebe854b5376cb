# Checker: a VOP3 compare writing s[0:1] (not VCC) right before v_div_fmas: no hazard (check_hazard_test.cpp).
v_cmp_eq_u32_e64 s[0:1], v0, v0
v_div_fmas_f32 v1, v2, v3, v4
s_endpgm
