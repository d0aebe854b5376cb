# DS 32-bit float atomics (tests/sim/semantics/ds_atomic_test.cpp), layout of
# ds_ops_int32.s: region OFFSET = 256*i, v1 = ADDR, v2 = DATA0, v3 = DATA1,
# returning forms into v10, v11, v12.
ds_min_f32 v1, v2 offset:0
ds_max_f32 v1, v2 offset:256
ds_cmpst_f32 v1, v2, v3 offset:512
ds_min_rtn_f32 v10, v1, v2 offset:768
ds_max_rtn_f32 v11, v1, v2 offset:1024
ds_cmpst_rtn_f32 v12, v1, v2, v3 offset:1280
s_waitcnt lgkmcnt(0)
s_endpgm
