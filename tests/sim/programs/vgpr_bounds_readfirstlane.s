// v_readfirstlane_b32 with a VGPR source past the allocation (v12); a fault, as for v_readlane_b32
// (vgpr_bounds_readlane.s).
v_readfirstlane_b32 s11, v12
s_endpgm
