# Untyped BUFFER loads and stores of gfx9, each at its own per-lane offset, then a re-read
# (tests/sim/vmem_ops_ldst_test.cpp; generated, keep in sync with its op table).
buffer_load_dword v64, v0, s[4:7], 0 offen offset:0
buffer_load_dwordx2 v[66:67], v0, s[4:7], 0 offen offset:8
buffer_load_dwordx3 v[69:71], v0, s[4:7], 0 offen offset:16
buffer_load_dwordx4 v[73:76], v0, s[4:7], 0 offen offset:32
buffer_load_ubyte v78, v0, s[4:7], 0 offen offset:49
buffer_load_sbyte v80, v0, s[4:7], 0 offen offset:50
buffer_load_ushort v82, v0, s[4:7], 0 offen offset:52
buffer_load_sshort v84, v0, s[4:7], 0 offen offset:54
buffer_load_ubyte_d16 v86, v0, s[4:7], 0 offen offset:57
buffer_load_ubyte_d16_hi v88, v0, s[4:7], 0 offen offset:58
buffer_load_sbyte_d16 v90, v0, s[4:7], 0 offen offset:59
buffer_load_sbyte_d16_hi v92, v0, s[4:7], 0 offen offset:61
buffer_load_short_d16 v94, v0, s[4:7], 0 offen offset:62
buffer_load_short_d16_hi v96, v0, s[4:7], 0 offen offset:64
buffer_store_byte v128, v0, s[4:7], 0 offen offset:129
buffer_store_short v129, v0, s[4:7], 0 offen offset:130
buffer_store_byte_d16_hi v130, v0, s[4:7], 0 offen offset:133
buffer_store_short_d16_hi v131, v0, s[4:7], 0 offen offset:134
buffer_store_dword v132, v0, s[4:7], 0 offen offset:136
buffer_store_dwordx2 v[133:134], v0, s[4:7], 0 offen offset:144
buffer_store_dwordx3 v[135:137], v0, s[4:7], 0 offen offset:160
buffer_store_dwordx4 v[138:141], v0, s[4:7], 0 offen offset:176
s_waitcnt vmcnt(0) lgkmcnt(0)
buffer_wbinvl1
buffer_wbinvl1_vol
buffer_store_lds_dword s[8:11], 0
s_waitcnt vmcnt(0)
buffer_load_dwordx4 v[60:63], v0, s[4:7], 0 offen offset:176
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
