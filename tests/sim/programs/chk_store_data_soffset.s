# Checker: with an SGPR offset the store needs no wait state (Vega ISA Table 8; check_hazard_test.cpp).
buffer_store_dwordx4 v[0:3], off, s[0:3], s4
v_mov_b32 v1, 0
s_waitcnt vmcnt(0)
s_endpgm
