# Checker: VALU writes s4, then a VMEM instruction reads it at once (tests/sim/check/check_hazard_test.cpp).
v_readfirstlane_b32 s4, v0
buffer_load_dword v1, off, s[0:3], s4
s_waitcnt vmcnt(0)
s_endpgm
