# Float FLAT_ATOMIC_* with GLC (GCN 1.1) (tests/sim/vmem_ops_atomic_test.cpp).
flat_atomic_fcmpswap v160, v[0:1], v[64:65] glc
flat_atomic_fmin v162, v[2:3], v66 glc
flat_atomic_fmax v164, v[4:5], v67 glc
flat_atomic_fcmpswap_x2 v[166:167], v[6:7], v[68:71] glc
flat_atomic_fmin_x2 v[169:170], v[8:9], v[72:73] glc
flat_atomic_fmax_x2 v[172:173], v[10:11], v[74:75] glc
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
