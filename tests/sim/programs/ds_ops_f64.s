# DS 64-bit float atomics (tests/sim/semantics/ds_atomic_test.cpp), layout of
# ds_ops_int64.s: region OFFSET = 512*i, v1 = ADDR, v[2:3] = DATA0, v[4:5] =
# DATA1, returning forms into v[10:11], v[12:13], v[14:15].
ds_min_f64 v1, v[2:3] offset:0
ds_max_f64 v1, v[2:3] offset:512
ds_cmpst_f64 v1, v[2:3], v[4:5] offset:1024
ds_min_rtn_f64 v[10:11], v1, v[2:3] offset:1536
ds_max_rtn_f64 v[12:13], v1, v[2:3] offset:2048
ds_cmpst_rtn_f64 v[14:15], v1, v[2:3], v[4:5] offset:2560
s_waitcnt lgkmcnt(0)
s_endpgm
