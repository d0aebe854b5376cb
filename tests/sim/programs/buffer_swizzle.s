# Swizzled MUBUF addressing (tests/sim/semantics/buffer_addr_test.cpp).
buffer_store_dword v1, v2, s[4:7], 0 idxen offset:4
s_waitcnt vmcnt(0)
buffer_load_dword v3, v2, s[4:7], 0 idxen offset:4
s_waitcnt vmcnt(0)
s_endpgm
