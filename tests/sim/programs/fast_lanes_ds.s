# DS instructions that the fast lane paths handle (tests/sim/semantics/fast_lanes_test.cpp
# runs each one alone): v1 address, v2-v5 data, v10-v13 destination.
ds_read_b32 v10, v1
ds_read_b32 v10, v1 offset:12
ds_read_b64 v[10:11], v1 offset:8
ds_read_b64 v[10:11], v1 offset:3
ds_read_u8 v10, v1 offset:3
ds_read_i16 v10, v1 offset:2
ds_read2_b32 v[10:11], v1 offset0:1 offset1:17
ds_read2st64_b32 v[10:11], v1 offset0:1 offset1:2
ds_read2_b64 v[10:13], v1 offset0:1 offset1:3
ds_write_b32 v1, v2 offset:4
ds_write_b64 v1, v[2:3]
ds_write_b8 v1, v2 offset:1
ds_write_b16 v1, v2 offset:2
ds_write2_b32 v1, v2, v3 offset0:1 offset1:17
ds_write2_b64 v1, v[2:3], v[4:5] offset1:5
ds_wrxchg2_rtn_b32 v[10:11], v1, v2, v3 offset1:1
s_endpgm
