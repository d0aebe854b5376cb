# gens: gfx7 gfx8 gfx9
# Every integer FLAT_ATOMIC_* with GLC; lanes routed to global, LDS and scratch
# (tests/sim/vmem_ops_atomic_test.cpp).
flat_atomic_swap v160, v[0:1], v64 glc
flat_atomic_cmpswap v162, v[2:3], v[65:66] glc
flat_atomic_add v164, v[4:5], v67 glc
flat_atomic_sub v166, v[6:7], v68 glc
flat_atomic_smin v168, v[8:9], v69 glc
flat_atomic_umin v170, v[10:11], v70 glc
flat_atomic_smax v172, v[12:13], v71 glc
flat_atomic_umax v174, v[14:15], v72 glc
flat_atomic_and v176, v[16:17], v73 glc
flat_atomic_or v178, v[18:19], v74 glc
flat_atomic_xor v180, v[20:21], v75 glc
flat_atomic_inc v182, v[22:23], v76 glc
flat_atomic_dec v184, v[24:25], v77 glc
flat_atomic_swap_x2 v[186:187], v[26:27], v[78:79] glc
flat_atomic_cmpswap_x2 v[189:190], v[28:29], v[80:83] glc
flat_atomic_add_x2 v[192:193], v[30:31], v[84:85] glc
flat_atomic_sub_x2 v[195:196], v[32:33], v[86:87] glc
flat_atomic_smin_x2 v[198:199], v[34:35], v[88:89] glc
flat_atomic_umin_x2 v[201:202], v[36:37], v[90:91] glc
flat_atomic_smax_x2 v[204:205], v[38:39], v[92:93] glc
flat_atomic_umax_x2 v[207:208], v[40:41], v[94:95] glc
flat_atomic_and_x2 v[210:211], v[42:43], v[96:97] glc
flat_atomic_or_x2 v[213:214], v[44:45], v[98:99] glc
flat_atomic_xor_x2 v[216:217], v[46:47], v[100:101] glc
flat_atomic_inc_x2 v[219:220], v[48:49], v[102:103] glc
flat_atomic_dec_x2 v[222:223], v[50:51], v[104:105] glc
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
