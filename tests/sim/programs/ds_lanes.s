# DS_SWIZZLE_B32 quad-perm and bitmask modes (tests/sim/semantics/ds_lanes_test.cpp).
ds_swizzle_b32 v3, v2 offset:swizzle(QUAD_PERM,3,2,1,0)
ds_swizzle_b32 v4, v2 offset:swizzle(SWAP,16)
ds_swizzle_b32 v5, v2 offset:swizzle(BITMASK_PERM,"00p11")
s_waitcnt lgkmcnt(0)
s_endpgm
