# Checker: lgkmcnt(0) covers them (tests/sim/check/check_race_test.cpp).
s_buffer_load_dword s8, s[0:3], 0x0
s_buffer_load_dword s9, s[0:3], 0x4
s_waitcnt lgkmcnt(0)
s_mov_b32 s10, s8
s_endpgm
