# Checker: one wait state between (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 m0, 0
s_nop 0
buffer_load_dword v1, s[0:3], 0 offen lds
s_waitcnt vmcnt(0)
s_endpgm
