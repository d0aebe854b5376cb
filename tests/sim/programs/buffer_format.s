# Formatted buffer loads/stores: format and DST_SEL from the V# (MUBUF) or from
# the instruction (MTBUF) (tests/sim/semantics/buffer_format_test.cpp).
buffer_load_format_xyzw v[10:13], v1, s[4:7], 0 idxen
tbuffer_load_format_xy v[14:15], v1, s[12:15], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_x v16, v1, s[16:19], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UINT] idxen
buffer_store_format_xyzw v[20:23], v1, s[24:27], 0 idxen
s_waitcnt vmcnt(0)
s_endpgm
