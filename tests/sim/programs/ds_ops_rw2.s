# DS two-address forms (tests/sim/semantics/ds_rw_test.cpp). Each op has its own
# ADDR register (v1, v6, v7, v8, v9); DATA0 = v[2:3] (v2 for b32), DATA1 =
# v[4:5] (v4 for b32).
ds_write2_b64 v1, v[2:3], v[4:5] offset0:3 offset1:200
ds_read2_b64 v[10:13], v6 offset0:64 offset1:255
ds_wrxchg2_rtn_b32 v[14:15], v7, v2, v4 offset0:0 offset1:130
ds_wrxchg2_rtn_b64 v[16:19], v8, v[2:3], v[4:5] offset0:70 offset1:140
ds_wrxchg2st64_rtn_b64 v[20:23], v9, v[2:3], v[4:5] offset0:10 offset1:12
s_waitcnt lgkmcnt(0)
s_endpgm
