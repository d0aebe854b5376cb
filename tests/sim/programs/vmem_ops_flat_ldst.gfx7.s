# Untyped FLAT loads and stores of gfx7, each at its own per-lane offset, then a re-read
# (tests/sim/vmem_ops_ldst_test.cpp; generated, keep in sync with its op table).
flat_load_dword v64, v[0:1]
flat_load_dwordx2 v[66:67], v[2:3]
flat_load_dwordx3 v[69:71], v[4:5]
flat_load_dwordx4 v[73:76], v[6:7]
flat_load_ubyte v78, v[8:9]
flat_load_sbyte v80, v[10:11]
flat_load_ushort v82, v[12:13]
flat_load_sshort v84, v[14:15]
flat_store_byte v[16:17], v128
flat_store_short v[18:19], v129
flat_store_dword v[20:21], v130
flat_store_dwordx2 v[22:23], v[131:132]
flat_store_dwordx3 v[24:25], v[133:135]
flat_store_dwordx4 v[26:27], v[136:139]
s_waitcnt vmcnt(0) lgkmcnt(0)
flat_load_dwordx4 v[60:63], v[26:27]
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
