# Checker: VALU writes s4, then v_readlane uses it as the lane select (check_hazard_test.cpp).
v_readfirstlane_b32 s4, v0
v_readlane_b32 s5, v1, s4
s_endpgm
