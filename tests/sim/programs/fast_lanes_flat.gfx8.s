# FLAT loads and stores of global addresses (tests/sim/semantics/fast_lanes_test.cpp):
# v[0:1] address, v4-v7 data, v10-v13 destination.
flat_load_dword v10, v[0:1]
flat_load_dwordx2 v[10:11], v[0:1]
flat_store_dword v[0:1], v4
flat_store_dwordx4 v[0:1], v[4:7]
s_endpgm
