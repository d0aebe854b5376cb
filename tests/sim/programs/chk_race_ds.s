# Checker: lgkmcnt(1) covers the older of two LDS reads (DS returns in order; check_race_test.cpp).
s_mov_b32 m0, -1
v_mov_b32 v0, 0
ds_read_b32 v1, v0
ds_read_b32 v2, v0 offset:4
s_waitcnt lgkmcnt(1)
v_mov_b32 v3, v1
v_mov_b32 v4, v2
s_waitcnt lgkmcnt(0)
s_endpgm
