# gens: gfx8 gfx9
# DS_ADD_F32 / DS_ADD_RTN_F32 (GCN 1.2+; tests/sim/semantics/ds_atomic_test.cpp),
# layout of ds_ops_int32.s: region OFFSET = 256*i, v1 = ADDR, v2 = DATA0.
ds_add_f32 v1, v2 offset:0
ds_add_rtn_f32 v10, v1, v2 offset:256
s_waitcnt lgkmcnt(0)
s_endpgm
