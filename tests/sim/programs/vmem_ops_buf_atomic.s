# Every integer BUFFER_ATOMIC_* with GLC, one region per op (tests/sim/vmem_ops_atomic_test.cpp).
buffer_atomic_swap v2, v0, s[4:7], s10 offen glc
buffer_atomic_cmpswap v[3:4], v0, s[4:7], s11 offen glc
buffer_atomic_add v5, v0, s[4:7], s12 offen glc
buffer_atomic_sub v6, v0, s[4:7], s13 offen glc
buffer_atomic_smin v7, v0, s[4:7], s14 offen glc
buffer_atomic_umin v8, v0, s[4:7], s15 offen glc
buffer_atomic_smax v9, v0, s[4:7], s16 offen glc
buffer_atomic_umax v10, v0, s[4:7], s17 offen glc
buffer_atomic_and v11, v0, s[4:7], s18 offen glc
buffer_atomic_or v12, v0, s[4:7], s19 offen glc
buffer_atomic_xor v13, v0, s[4:7], s20 offen glc
buffer_atomic_inc v14, v0, s[4:7], s21 offen glc
buffer_atomic_dec v15, v0, s[4:7], s22 offen glc
buffer_atomic_swap_x2 v[16:17], v0, s[4:7], s23 offen glc
buffer_atomic_cmpswap_x2 v[18:21], v0, s[4:7], s24 offen glc
buffer_atomic_add_x2 v[22:23], v0, s[4:7], s25 offen glc
buffer_atomic_sub_x2 v[24:25], v0, s[4:7], s26 offen glc
buffer_atomic_smin_x2 v[26:27], v0, s[4:7], s27 offen glc
buffer_atomic_umin_x2 v[28:29], v0, s[4:7], s28 offen glc
buffer_atomic_smax_x2 v[30:31], v0, s[4:7], s29 offen glc
buffer_atomic_umax_x2 v[32:33], v0, s[4:7], s30 offen glc
buffer_atomic_and_x2 v[34:35], v0, s[4:7], s31 offen glc
buffer_atomic_or_x2 v[36:37], v0, s[4:7], s32 offen glc
buffer_atomic_xor_x2 v[38:39], v0, s[4:7], s33 offen glc
buffer_atomic_inc_x2 v[40:41], v0, s[4:7], s34 offen glc
buffer_atomic_dec_x2 v[42:43], v0, s[4:7], s35 offen glc
s_waitcnt vmcnt(0)
s_endpgm
