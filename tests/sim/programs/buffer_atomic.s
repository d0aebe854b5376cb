# Buffer atomics with and without GLC (tests/sim/semantics/vmem_atomic_test.cpp).
buffer_atomic_add v1, v2, s[4:7], 0 offen glc
buffer_atomic_cmpswap v[4:5], v2, s[4:7], 0 offen offset:512 glc
buffer_atomic_smax_x2 v[6:7], v2, s[4:7], 0 offen offset:1024 glc
buffer_atomic_sub v8, v2, s[4:7], 0 offen offset:1536
buffer_atomic_inc v9, v2, s[4:7], 0 offen offset:2048 glc
s_waitcnt vmcnt(0)
s_endpgm
