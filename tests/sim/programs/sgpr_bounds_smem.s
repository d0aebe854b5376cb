// An 8-dword scalar load into s[8:15] in a 15-SGPR allocation; see tests/sim/semantics/sgpr_bounds_test.cpp.
s_load_dwordx8 s[8:15], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_endpgm
