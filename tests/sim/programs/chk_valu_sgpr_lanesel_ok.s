# Checker: 4 wait states between (tests/sim/check/check_hazard_test.cpp).
v_readfirstlane_b32 s4, v0
s_nop 3
v_readlane_b32 s5, v1, s4
s_endpgm
