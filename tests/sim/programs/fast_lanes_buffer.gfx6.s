# MUBUF ADDR64 loads and stores (GCN 1.0/1.1 global pointers) that the fast lane
# paths handle (tests/sim/semantics/fast_lanes_test.cpp): v[0:1] 64-bit address, s[8:11]
# a V# with base 0, s12 SOFFSET (0), v4-v7 data, v10-v13 destination.
buffer_load_dword v10, v[0:1], s[8:11], 0 addr64
buffer_load_dwordx2 v[10:11], v[0:1], s[8:11], s12 addr64 offset:8
buffer_load_dwordx4 v[10:13], v[0:1], s[8:11], 0 addr64 offset:4
buffer_store_dword v4, v[0:1], s[8:11], 0 addr64
buffer_store_dwordx4 v[4:7], v[0:1], s[8:11], s12 addr64 offset:16
s_endpgm
