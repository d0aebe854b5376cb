# DS 32-bit integer atomics on the GDS (tests/sim/semantics/ds_atomic_test.cpp): the
# ops of ds_ops_int32.s with the GDS bit, M0 = GDS window.
ds_add_u32 v1, v2 offset:0 gds
ds_sub_u32 v1, v2 offset:256 gds
ds_rsub_u32 v1, v2 offset:512 gds
ds_inc_u32 v1, v2 offset:768 gds
ds_dec_u32 v1, v2 offset:1024 gds
ds_min_i32 v1, v2 offset:1280 gds
ds_max_i32 v1, v2 offset:1536 gds
ds_min_u32 v1, v2 offset:1792 gds
ds_max_u32 v1, v2 offset:2048 gds
ds_and_b32 v1, v2 offset:2304 gds
ds_or_b32 v1, v2 offset:2560 gds
ds_xor_b32 v1, v2 offset:2816 gds
ds_mskor_b32 v1, v2, v3 offset:3072 gds
ds_cmpst_b32 v1, v2, v3 offset:3328 gds
ds_add_rtn_u32 v10, v1, v2 offset:3584 gds
ds_sub_rtn_u32 v11, v1, v2 offset:3840 gds
ds_rsub_rtn_u32 v12, v1, v2 offset:4096 gds
ds_inc_rtn_u32 v13, v1, v2 offset:4352 gds
ds_dec_rtn_u32 v14, v1, v2 offset:4608 gds
ds_min_rtn_i32 v15, v1, v2 offset:4864 gds
ds_max_rtn_i32 v16, v1, v2 offset:5120 gds
ds_min_rtn_u32 v17, v1, v2 offset:5376 gds
ds_max_rtn_u32 v18, v1, v2 offset:5632 gds
ds_and_rtn_b32 v19, v1, v2 offset:5888 gds
ds_or_rtn_b32 v20, v1, v2 offset:6144 gds
ds_xor_rtn_b32 v21, v1, v2 offset:6400 gds
ds_mskor_rtn_b32 v22, v1, v2, v3 offset:6656 gds
ds_cmpst_rtn_b32 v23, v1, v2, v3 offset:6912 gds
ds_wrxchg_rtn_b32 v24, v1, v2 offset:7168 gds
s_waitcnt lgkmcnt(0)
s_endpgm
