// An instruction writing s50 that is branched over never faults; see
// tests/sim/semantics/sgpr_bounds_test.cpp.
s_branch skip
s_mov_b32 s50, 0
skip:
s_mov_b32 s3, 7
s_endpgm
