# DS 32-bit integer atomics, one 256-byte LDS region per op at OFFSET = 256*i
# (tests/sim/semantics/ds_atomic_test.cpp): v1 = ADDR, v2 = DATA0, v3 = DATA1; the
# returning forms write v10.. in order.
ds_add_u32 v1, v2 offset:0
ds_sub_u32 v1, v2 offset:256
ds_rsub_u32 v1, v2 offset:512
ds_inc_u32 v1, v2 offset:768
ds_dec_u32 v1, v2 offset:1024
ds_min_i32 v1, v2 offset:1280
ds_max_i32 v1, v2 offset:1536
ds_min_u32 v1, v2 offset:1792
ds_max_u32 v1, v2 offset:2048
ds_and_b32 v1, v2 offset:2304
ds_or_b32 v1, v2 offset:2560
ds_xor_b32 v1, v2 offset:2816
ds_mskor_b32 v1, v2, v3 offset:3072
ds_cmpst_b32 v1, v2, v3 offset:3328
ds_add_rtn_u32 v10, v1, v2 offset:3584
ds_sub_rtn_u32 v11, v1, v2 offset:3840
ds_rsub_rtn_u32 v12, v1, v2 offset:4096
ds_inc_rtn_u32 v13, v1, v2 offset:4352
ds_dec_rtn_u32 v14, v1, v2 offset:4608
ds_min_rtn_i32 v15, v1, v2 offset:4864
ds_max_rtn_i32 v16, v1, v2 offset:5120
ds_min_rtn_u32 v17, v1, v2 offset:5376
ds_max_rtn_u32 v18, v1, v2 offset:5632
ds_and_rtn_b32 v19, v1, v2 offset:5888
ds_or_rtn_b32 v20, v1, v2 offset:6144
ds_xor_rtn_b32 v21, v1, v2 offset:6400
ds_mskor_rtn_b32 v22, v1, v2, v3 offset:6656
ds_cmpst_rtn_b32 v23, v1, v2, v3 offset:6912
ds_wrxchg_rtn_b32 v24, v1, v2 offset:7168
s_waitcnt lgkmcnt(0)
s_endpgm
