# Untyped FLAT loads and stores of gfx9, each at its own per-lane offset, then a re-read
# (tests/sim/vmem_ops_ldst_test.cpp; generated, keep in sync with its op table).
flat_load_dword v64, v[0:1]
flat_load_dwordx2 v[66:67], v[2:3]
flat_load_dwordx3 v[69:71], v[4:5]
flat_load_dwordx4 v[73:76], v[6:7]
flat_load_ubyte v78, v[8:9]
flat_load_sbyte v80, v[10:11]
flat_load_ushort v82, v[12:13]
flat_load_sshort v84, v[14:15]
flat_load_ubyte_d16 v86, v[16:17]
flat_load_ubyte_d16_hi v88, v[18:19]
flat_load_sbyte_d16 v90, v[20:21]
flat_load_sbyte_d16_hi v92, v[22:23]
flat_load_short_d16 v94, v[24:25]
flat_load_short_d16_hi v96, v[26:27]
flat_store_byte v[28:29], v128
flat_store_short v[30:31], v129
flat_store_byte_d16_hi v[32:33], v130
flat_store_short_d16_hi v[34:35], v131
flat_store_dword v[36:37], v132
flat_store_dwordx2 v[38:39], v[133:134]
flat_store_dwordx3 v[40:41], v[135:137]
flat_store_dwordx4 v[42:43], v[138:141]
s_waitcnt vmcnt(0) lgkmcnt(0)
flat_load_dwordx4 v[60:63], v[42:43]
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
