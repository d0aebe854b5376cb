# Every GLOBAL_ATOMIC_* with GLC, SADDR per op (tests/sim/vmem_ops_atomic_test.cpp).
global_atomic_swap v160, v0, v64, s[8:9] glc
global_atomic_cmpswap v162, v0, v[65:66], s[10:11] glc
global_atomic_add v164, v0, v67, s[12:13] glc
global_atomic_sub v166, v0, v68, s[14:15] glc
global_atomic_smin v168, v0, v69, s[16:17] glc
global_atomic_umin v170, v0, v70, s[18:19] glc
global_atomic_smax v172, v0, v71, s[20:21] glc
global_atomic_umax v174, v0, v72, s[22:23] glc
global_atomic_and v176, v0, v73, s[24:25] glc
global_atomic_or v178, v0, v74, s[26:27] glc
global_atomic_xor v180, v0, v75, s[28:29] glc
global_atomic_inc v182, v0, v76, s[30:31] glc
global_atomic_dec v184, v0, v77, s[32:33] glc
global_atomic_swap_x2 v[186:187], v0, v[78:79], s[34:35] glc
global_atomic_cmpswap_x2 v[189:190], v0, v[80:83], s[36:37] glc
global_atomic_add_x2 v[192:193], v0, v[84:85], s[38:39] glc
global_atomic_sub_x2 v[195:196], v0, v[86:87], s[40:41] glc
global_atomic_smin_x2 v[198:199], v0, v[88:89], s[42:43] glc
global_atomic_umin_x2 v[201:202], v0, v[90:91], s[44:45] glc
global_atomic_smax_x2 v[204:205], v0, v[92:93], s[46:47] glc
global_atomic_umax_x2 v[207:208], v0, v[94:95], s[48:49] glc
global_atomic_and_x2 v[210:211], v0, v[96:97], s[50:51] glc
global_atomic_or_x2 v[213:214], v0, v[98:99], s[52:53] glc
global_atomic_xor_x2 v[216:217], v0, v[100:101], s[54:55] glc
global_atomic_inc_x2 v[219:220], v0, v[102:103], s[56:57] glc
global_atomic_dec_x2 v[222:223], v0, v[104:105], s[58:59] glc
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
