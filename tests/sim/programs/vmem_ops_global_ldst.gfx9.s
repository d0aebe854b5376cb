# Untyped GLOBAL loads and stores of gfx9, each at its own per-lane offset, then a re-read
# (tests/sim/vmem_ops_ldst_test.cpp; generated, keep in sync with its op table).
global_load_dword v64, v0, s[4:5] offset:-4096
global_load_dwordx2 v[66:67], v0, s[4:5] offset:-4088
global_load_dwordx3 v[69:71], v0, s[4:5] offset:-4080
global_load_dwordx4 v[73:76], v0, s[4:5] offset:-4064
global_load_ubyte v78, v0, s[4:5] offset:-4047
global_load_sbyte v80, v0, s[4:5] offset:-4046
global_load_ushort v82, v0, s[4:5] offset:-4044
global_load_sshort v84, v0, s[4:5] offset:-4042
global_load_ubyte_d16 v86, v0, s[4:5] offset:-4039
global_load_ubyte_d16_hi v88, v0, s[4:5] offset:-4038
global_load_sbyte_d16 v90, v0, s[4:5] offset:-4037
global_load_sbyte_d16_hi v92, v0, s[4:5] offset:-4035
global_load_short_d16 v94, v0, s[4:5] offset:-4034
global_load_short_d16_hi v96, v0, s[4:5] offset:-4032
global_store_byte v[2:3], v128, off offset:129
global_store_short v[2:3], v129, off offset:130
global_store_byte_d16_hi v[2:3], v130, off offset:133
global_store_short_d16_hi v[2:3], v131, off offset:134
global_store_dword v[2:3], v132, off offset:136
global_store_dwordx2 v[2:3], v[133:134], off offset:144
global_store_dwordx3 v[2:3], v[135:137], off offset:160
global_store_dwordx4 v[2:3], v[138:141], off offset:176
s_waitcnt vmcnt(0) lgkmcnt(0)
global_load_dwordx4 v[60:63], v[2:3], off offset:176
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
