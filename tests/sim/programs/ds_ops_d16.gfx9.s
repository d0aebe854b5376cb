# GCN 1.4 D16 loads/stores and the ADDTID forms (tests/sim/semantics/ds_rw_test.cpp).
# v1 = byte address (unaligned), v2 = store data; loads merge into v10..v15,
# preset by the test.
ds_read_u8_d16 v10, v1 offset:0
ds_read_u8_d16_hi v11, v1 offset:0
ds_read_i8_d16 v12, v1 offset:0
ds_read_i8_d16_hi v13, v1 offset:0
ds_read_u16_d16 v14, v1 offset:0
ds_read_u16_d16_hi v15, v1 offset:0
ds_write_b8_d16_hi v1, v2 offset:1024
ds_write_b16_d16_hi v1, v2 offset:2048
ds_write_addtid_b32 v2 offset:8
ds_read_addtid_b32 v16 offset:4
s_waitcnt lgkmcnt(0)
s_endpgm
