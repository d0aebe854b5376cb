# DS SRC2 addressing: OFFSET stride (positive, negative) and the ADDR-encoded
# stride of OFFSET bit 15 (tests/sim/semantics/ds_atomic_test.cpp). Run with EXEC = 1.
ds_sub_src2_u32 v1 offset:64
ds_add_src2_u32 v2 offset:32764
ds_max_src2_u32 v3 offset:32768
ds_write_src2_b64 v4 offset:2
s_waitcnt lgkmcnt(0)
s_endpgm
