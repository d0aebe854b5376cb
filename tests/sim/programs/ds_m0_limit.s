# The M0 LDS limit of GCN 1.0-1.2 (seed 004); GCN 1.4 ignores M0 for LDS
# (tests/sim/semantics/ds_rw_test.cpp).
ds_write_b32 v1, v2
ds_read_b32 v3, v4
ds_add_rtn_u32 v5, v6, v2
s_waitcnt lgkmcnt(0)
s_endpgm
