// SGPR[10 + M0] = s2 (64-bit: s[10:11] + M0): within 16 SGPRs for M0 <= 4; see
// tests/sim/semantics/sgpr_bounds_test.cpp.
s_movreld_b64 s[10:11], s[2:3]
s_endpgm
