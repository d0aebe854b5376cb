# gens: gfx7 gfx8 gfx9
# DS_GWS_SEMA_RELEASE_ALL (GCN 1.1+; tests/sim/semantics/ds_rw_test.cpp): raise a
# semaphore with SEMA_BR, then release all (no waves wait on it).
ds_gws_sema_br v1 offset:1 gds
ds_gws_sema_br v1 offset:3 gds
ds_gws_sema_release_all offset:1 gds
s_waitcnt lgkmcnt(0)
s_endpgm
