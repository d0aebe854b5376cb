// s_mov_b32 writing s50, past a 16-SGPR allocation; see tests/sim/semantics/sgpr_bounds_test.cpp.
s_mov_b32 s50, s1
s_endpgm
