# Checker: one instruction between (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 s2, 0
s_nop 0
s_buffer_load_dword s8, s[0:3], 0x0
s_waitcnt lgkmcnt(0)
s_endpgm
