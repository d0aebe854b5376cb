# gens: gfx7 gfx8 gfx9
// v_mqsad_u32_u8's 64-bit SRC0 (v[8:9]) and SRC1 (v10) past the allocation in turn; see
// tests/sim/semantics/valu_lane_test.cpp (found by fuzz: raw_code --seed 19 --iteration 7832).
v_mqsad_u32_u8 v[0:3], v[8:9], v10, v[4:7]
s_endpgm
