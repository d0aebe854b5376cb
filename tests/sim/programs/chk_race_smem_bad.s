# Checker: lgkmcnt(1) does not cover either of two SMEM loads (out of order; check_race_test.cpp).
s_buffer_load_dword s8, s[0:3], 0x0
s_buffer_load_dword s9, s[0:3], 0x4
s_waitcnt lgkmcnt(1)
s_mov_b32 s10, s8
s_waitcnt lgkmcnt(0)
s_endpgm
