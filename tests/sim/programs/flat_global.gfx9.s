# GLOBAL with SADDR / off and signed offsets, SCRATCH, FLAT offset (GCN 1.4)
# (tests/sim/semantics/flat_access_test.cpp).
global_load_dword v10, v1, s[4:5] offset:-8
global_store_dword v1, v11, s[4:5] offset:256
global_load_dword v12, v[2:3], off offset:-4096
scratch_store_dword v4, v13, off offset:4
scratch_load_dword v14, off, s6 offset:-4
scratch_load_dwordx2 v[16:17], v4, off offset:4
flat_load_dword v15, v[2:3] offset:8
global_atomic_cmpswap v18, v1, v[20:21], s[4:5] offset:-8 glc
s_waitcnt vmcnt(0)
s_endpgm
