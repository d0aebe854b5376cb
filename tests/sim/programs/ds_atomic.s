# DS atomics with return (pre-op values), CMPST, MSKOR, WRXCHG2ST64, INC/DEC,
# 64-bit add (tests/sim/semantics/ds_atomic_test.cpp).
ds_add_rtn_u32 v10, v1, v2
ds_cmpst_rtn_b32 v11, v1, v3, v4 offset:256
ds_mskor_rtn_b32 v12, v1, v5, v6 offset:512
ds_wrxchg2st64_rtn_b32 v[13:14], v1, v2, v3 offset0:3 offset1:4
ds_max_rtn_i32 v15, v1, v7 offset:1280
ds_inc_rtn_u32 v16, v1, v8 offset:1536
ds_dec_rtn_u32 v17, v1, v8 offset:1792
ds_add_rtn_u64 v[18:19], v9, v[20:21]
ds_sub_u32 v1, v2 offset:2048
ds_min_rtn_f32 v22, v1, v23 offset:2304
s_waitcnt lgkmcnt(0)
s_endpgm
