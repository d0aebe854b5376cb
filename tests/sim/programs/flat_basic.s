# gens: gfx7 gfx8 gfx9
# FLAT to global memory, LDS and scratch through the apertures (tests/sim/semantics/flat_access_test.cpp).
flat_load_dword v10, v[2:3]
flat_store_dword v[4:5], v6
flat_atomic_add v11, v[2:3], v7 glc
flat_load_dwordx2 v[12:13], v[8:9]
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
