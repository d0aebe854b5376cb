# Checker: SALU writes M0, then an LDS add-TID store at once (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 m0, 0
ds_write_addtid_b32 v1
s_waitcnt lgkmcnt(0)
s_endpgm
