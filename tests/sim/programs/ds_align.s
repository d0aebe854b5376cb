# Unaligned DS addresses: masked on GCN 1.0-1.2, used as is on GCN 1.4
# (tests/sim/semantics/ds_rw_test.cpp).
ds_read_b32 v3, v1
ds_read_u16 v4, v1 offset:1
ds_add_rtn_u32 v5, v1, v2 offset:64
s_waitcnt lgkmcnt(0)
s_endpgm
