# Global loads and stores that the fast lane paths handle (tests/sim/semantics/fast_lanes_test.cpp
# runs each one alone): v[0:1] 64-bit address, v2 32-bit offset with s[4:5],
# v4-v7 data, v10-v13 destination.
global_load_dword v10, v[0:1], off
global_load_dword v10, v[0:1], off offset:-8
global_load_dwordx2 v[10:11], v[0:1], off offset:16
global_load_dwordx4 v[10:13], v[0:1], off
global_load_dword v10, v2, s[4:5] offset:4
global_store_dword v[0:1], v4, off
global_store_dwordx2 v[0:1], v[4:5], off offset:8
global_store_dwordx3 v[0:1], v[4:6], off
global_store_dword v2, v4, s[4:5] offset:-4
s_endpgm
