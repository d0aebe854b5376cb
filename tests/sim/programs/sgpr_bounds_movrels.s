// s1 = SGPR[10 + M0]: within 16 SGPRs for M0 <= 5; see tests/sim/semantics/sgpr_bounds_test.cpp.
s_movrels_b32 s1, s10
s_endpgm
