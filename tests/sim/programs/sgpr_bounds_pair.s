// A 64-bit destination whose high half (s15) is the first SGPR out of a 15-SGPR allocation;
// see tests/sim/semantics/sgpr_bounds_test.cpp.
s_mov_b64 s[14:15], s[2:3]
s_endpgm
