# Checker: an LDS read of words no wave wrote (tests/sim/check/check_uninit_bounds_test.cpp).
s_mov_b32 m0, -1
v_lshlrev_b32 v1, 2, v0
ds_write_b32 v1, v0
s_waitcnt lgkmcnt(0)
s_barrier
ds_read_b32 v3, v1 offset:1024
s_waitcnt lgkmcnt(0)
s_endpgm
