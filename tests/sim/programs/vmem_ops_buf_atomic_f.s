# gens: gfx6 gfx7
# Float BUFFER_ATOMIC_* with GLC (GCN 1.0/1.1) (tests/sim/vmem_ops_atomic_test.cpp).
buffer_atomic_fcmpswap v[2:3], v0, s[4:7], s10 offen glc
buffer_atomic_fmin v4, v0, s[4:7], s11 offen glc
buffer_atomic_fmax v5, v0, s[4:7], s12 offen glc
buffer_atomic_fcmpswap_x2 v[6:9], v0, s[4:7], s13 offen glc
buffer_atomic_fmin_x2 v[10:11], v0, s[4:7], s14 offen glc
buffer_atomic_fmax_x2 v[12:13], v0, s[4:7], s15 offen glc
s_waitcnt vmcnt(0)
s_endpgm
