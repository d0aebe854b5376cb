// s_add_u32 reading s50 as SSRC1, past a 16-SGPR allocation; see tests/sim/semantics/sgpr_bounds_test.cpp.
s_add_u32 s1, s2, s50
s_endpgm
