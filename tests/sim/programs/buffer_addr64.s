# gens: gfx6 gfx7
# MUBUF ADDR64 (GCN 1.0/1.1): no range checking (tests/sim/semantics/buffer_addr_test.cpp).
buffer_load_dword v10, v[2:3], s[4:7], s8 addr64 offset:4
buffer_store_dword v11, v[2:3], s[4:7], 0 addr64 offset:12
s_waitcnt vmcnt(0)
s_endpgm
