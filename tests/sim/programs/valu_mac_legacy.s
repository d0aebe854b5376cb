# gens: gfx6 gfx7
// v_mac_legacy_f32 (GCN 1.0/1.1 only): v11 = v1 * v2 + v11. See tests/sim/semantics/valu_div_test.cpp.
v_mac_legacy_f32 v11, v1, v2
s_endpgm
