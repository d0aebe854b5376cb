# GWS semaphore and barrier (tests/sim/semantics/ds_lanes_test.cpp).
ds_gws_sema_v offset:1 gds
ds_gws_sema_p offset:1 gds
ds_gws_barrier v1 offset:0 gds
ds_gws_sema_br v2 offset:2 gds
s_endpgm
