# Checker: vmcnt(1) covers the older of two loads only (VM returns in order; check_race_test.cpp).
buffer_load_dword v1, off, s[0:3], 0
buffer_load_dword v2, off, s[0:3], 0
s_waitcnt vmcnt(1)
v_mov_b32 v3, v1
v_mov_b32 v4, v2
s_waitcnt vmcnt(0)
s_endpgm
