# Untyped SCRATCH loads and stores of gfx9, each at its own per-lane offset, then a re-read
# (tests/sim/vmem_ops_ldst_test.cpp; generated, keep in sync with its op table).
scratch_load_dword v64, v1, off offset:-64
scratch_load_dwordx2 v[66:67], v1, off offset:-56
scratch_load_dwordx3 v[69:71], v1, off offset:-48
scratch_load_dwordx4 v[73:76], v1, off offset:-32
scratch_load_ubyte v78, v1, off offset:-15
scratch_load_sbyte v80, v1, off offset:-14
scratch_load_ushort v82, v1, off offset:-12
scratch_load_sshort v84, v1, off offset:-10
scratch_load_ubyte_d16 v86, v1, off offset:-7
scratch_load_ubyte_d16_hi v88, v1, off offset:-6
scratch_load_sbyte_d16 v90, v1, off offset:-5
scratch_load_sbyte_d16_hi v92, v1, off offset:-3
scratch_load_short_d16 v94, v1, off offset:-2
scratch_load_short_d16_hi v96, v1, off offset:0
scratch_store_byte off, v128, s6 offset:113
scratch_store_short off, v129, s6 offset:114
scratch_store_byte_d16_hi off, v130, s6 offset:117
scratch_store_short_d16_hi off, v131, s6 offset:118
scratch_store_dword off, v132, s6 offset:120
scratch_store_dwordx2 off, v[133:134], s6 offset:128
scratch_store_dwordx3 off, v[135:137], s6 offset:144
scratch_store_dwordx4 off, v[138:141], s6 offset:160
s_waitcnt vmcnt(0) lgkmcnt(0)
scratch_load_dwordx4 v[60:63], off, s6 offset:160
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
