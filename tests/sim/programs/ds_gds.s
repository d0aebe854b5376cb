# GDS accesses through the M0 window (base M0[31:16], size M0[15:0]).
ds_write_b32 v1, v2 gds
ds_read_b32 v3, v1 offset:4 gds
ds_add_rtn_u32 v4, v1, v2 gds
s_waitcnt lgkmcnt(0)
s_endpgm
