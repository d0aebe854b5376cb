# DS reads/writes incl. *2 / *2ST64 offset scaling (tests/sim/semantics/ds_rw_test.cpp).
ds_write_b32 v1, v2
ds_write2_b32 v1, v3, v4 offset0:64 offset1:128
ds_write2st64_b32 v1, v3, v4 offset0:4 offset1:5
ds_write_b64 v5, v[6:7] offset:8
ds_write2st64_b64 v8, v[6:7], v[2:3] offset0:1 offset1:2
ds_write_b8 v1, v4 offset:3072
ds_write_b16 v1, v4 offset:3074
s_waitcnt lgkmcnt(0)
ds_read_b32 v10, v1
ds_read2_b32 v[11:12], v1 offset0:64 offset1:128
ds_read2st64_b32 v[13:14], v1 offset0:4 offset1:5
ds_read_b64 v[15:16], v5 offset:8
ds_read_u8 v17, v1 offset:1
ds_read_i8 v18, v1 offset:1
ds_read_u16 v19, v1 offset:2
ds_read_i16 v20, v1 offset:2
ds_read2st64_b64 v[24:27], v8 offset0:1 offset1:2
ds_read_b32 v21, v1 offset:3072
s_waitcnt lgkmcnt(0)
s_endpgm
