# gens: gfx8 gfx9
# DS_PERMUTE_B32 / DS_BPERMUTE_B32 (GCN 1.2+) (tests/sim/semantics/ds_lanes_test.cpp).
ds_bpermute_b32 v3, v1, v2
ds_bpermute_b32 v4, v1, v2 offset:4
ds_permute_b32 v5, v6, v2
s_waitcnt lgkmcnt(0)
s_endpgm
