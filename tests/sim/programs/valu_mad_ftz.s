// The non-fused f32 multiply-adds (all generations): v1 * v2 + v3 with products
// that round to denormals. See tests/sim/semantics/valu_div_test.cpp.
v_mad_f32 v10, v1, v2, v3
v_mac_f32 v11, v1, v2
v_madak_f32 v12, v1, v2, 0x00800000
v_madmk_f32 v13, v1, 0xbf000000, v3
v_mad_legacy_f32 v14, v1, v2, v3
s_endpgm
