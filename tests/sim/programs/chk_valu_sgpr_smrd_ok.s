# Checker: the same with 4 wait states (tests/sim/check/check_hazard_test.cpp).
v_readfirstlane_b32 s4, v0
s_nop 3
s_buffer_load_dword s8, s[0:3], s4
s_waitcnt lgkmcnt(0)
s_endpgm
