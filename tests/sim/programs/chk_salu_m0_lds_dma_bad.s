# Checker: SALU writes M0, then a buffer load to LDS at once (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 m0, 0
buffer_load_dword v1, s[0:3], 0 offen lds
s_waitcnt vmcnt(0)
s_endpgm
