// Cross-lane moves; see tests/sim/semantics/valu_lane_test.cpp.
v_readlane_b32 s10, v1, 5
v_readlane_b32 s11, v1, s20
v_readfirstlane_b32 s12, v1
v_writelane_b32 v2, s13, 7
v_writelane_b32 v2, s14, s14
v_mov_b32 v3, s10
s_endpgm
