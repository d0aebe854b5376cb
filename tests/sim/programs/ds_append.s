# DS_APPEND / DS_CONSUME on LDS and GDS (tests/sim/semantics/ds_lanes_test.cpp).
ds_append v1 offset:8
ds_consume v2 offset:12
ds_append v3 offset:4 gds
s_waitcnt lgkmcnt(0)
s_endpgm
