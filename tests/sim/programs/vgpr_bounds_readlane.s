// v_readlane_b32 with a VGPR source past the allocation (v12): a fault naming it, like every VALU
// source -- it had read 0 silently. See tests/sim/semantics/valu_lane_test.cpp.
v_readlane_b32 s10, v12, 0
s_endpgm
