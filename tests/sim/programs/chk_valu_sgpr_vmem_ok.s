# Checker: the same with the 5 wait states of the rule (tests/sim/check/check_hazard_test.cpp).
v_readfirstlane_b32 s4, v0
s_nop 4
buffer_load_dword v1, off, s[0:3], s4
s_waitcnt vmcnt(0)
s_endpgm
