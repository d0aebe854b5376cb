# DS 64-bit integer atomics, one 512-byte LDS region per op at OFFSET = 512*i
# (tests/sim/semantics/ds_atomic_test.cpp): v1 = ADDR, v[2:3] = DATA0, v[4:5] = DATA1;
# the returning forms write v[10:11], v[12:13], ... in order.
ds_add_u64 v1, v[2:3] offset:0
ds_sub_u64 v1, v[2:3] offset:512
ds_rsub_u64 v1, v[2:3] offset:1024
ds_inc_u64 v1, v[2:3] offset:1536
ds_dec_u64 v1, v[2:3] offset:2048
ds_min_i64 v1, v[2:3] offset:2560
ds_max_i64 v1, v[2:3] offset:3072
ds_min_u64 v1, v[2:3] offset:3584
ds_max_u64 v1, v[2:3] offset:4096
ds_and_b64 v1, v[2:3] offset:4608
ds_or_b64 v1, v[2:3] offset:5120
ds_xor_b64 v1, v[2:3] offset:5632
ds_mskor_b64 v1, v[2:3], v[4:5] offset:6144
ds_cmpst_b64 v1, v[2:3], v[4:5] offset:6656
ds_add_rtn_u64 v[10:11], v1, v[2:3] offset:7168
ds_sub_rtn_u64 v[12:13], v1, v[2:3] offset:7680
ds_rsub_rtn_u64 v[14:15], v1, v[2:3] offset:8192
ds_inc_rtn_u64 v[16:17], v1, v[2:3] offset:8704
ds_dec_rtn_u64 v[18:19], v1, v[2:3] offset:9216
ds_min_rtn_i64 v[20:21], v1, v[2:3] offset:9728
ds_max_rtn_i64 v[22:23], v1, v[2:3] offset:10240
ds_min_rtn_u64 v[24:25], v1, v[2:3] offset:10752
ds_max_rtn_u64 v[26:27], v1, v[2:3] offset:11264
ds_and_rtn_b64 v[28:29], v1, v[2:3] offset:11776
ds_or_rtn_b64 v[30:31], v1, v[2:3] offset:12288
ds_xor_rtn_b64 v[32:33], v1, v[2:3] offset:12800
ds_mskor_rtn_b64 v[34:35], v1, v[2:3], v[4:5] offset:13312
ds_cmpst_rtn_b64 v[36:37], v1, v[2:3], v[4:5] offset:13824
ds_wrxchg_rtn_b64 v[38:39], v1, v[2:3] offset:14336
s_waitcnt lgkmcnt(0)
s_endpgm
