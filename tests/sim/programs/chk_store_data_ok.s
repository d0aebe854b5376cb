# Checker: one wait state between (tests/sim/check/check_hazard_test.cpp).
buffer_store_dwordx4 v[0:3], off, s[0:3], 0
s_nop 0
v_mov_b32 v1, 0
s_waitcnt vmcnt(0)
s_endpgm
