# DS_GWS_INIT then DS_GWS_BARRIER on the same resource, and DS_ORDERED_COUNT
# (tests/sim/semantics/ds_rw_test.cpp). M0[21:16] = GWS resource base, M0[15:0] =
# ordered-count base; v1 = init value, v2 = ordered-count value.
ds_gws_init v1 offset:2 gds
s_waitcnt lgkmcnt(0)
ds_gws_barrier v1 offset:2 gds
ds_ordered_count v10, v2 offset:4 gds
ds_ordered_count v11, v2 offset:4 gds
ds_ordered_count v12, v3 offset:4104 gds
s_waitcnt lgkmcnt(0)
s_endpgm
