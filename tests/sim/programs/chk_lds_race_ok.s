# Checker: the same with s_barrier between the write and the read (tests/sim/check/check_race_test.cpp).
s_mov_b32 m0, -1
v_lshlrev_b32 v1, 2, v0
ds_write_b32 v1, v0
s_waitcnt lgkmcnt(0)
s_barrier
v_xor_b32 v2, 0x100, v1
ds_read_b32 v3, v2
s_waitcnt lgkmcnt(0)
s_endpgm
