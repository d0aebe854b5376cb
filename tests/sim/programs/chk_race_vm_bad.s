# Checker: a VMEM load's destination read before s_waitcnt (tests/sim/check/check_race_test.cpp).
buffer_load_dword v1, off, s[0:3], 0
v_mov_b32 v2, v1
s_waitcnt vmcnt(0)
s_endpgm
