# Packed D16 format loads/stores (GCN 1.4) (tests/sim/semantics/buffer_format_test.cpp).
buffer_load_format_d16_xyzw v[24:25], v1, s[4:7], 0 idxen
buffer_load_format_d16_hi_x v26, v1, s[4:7], 0 idxen
buffer_store_format_d16_xy v27, v1, s[12:15], 0 idxen
s_waitcnt vmcnt(0)
s_endpgm
