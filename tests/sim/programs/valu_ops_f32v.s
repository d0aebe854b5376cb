# gens: gfx8 gfx9
// GCN 1.2/1.4 VOP3 encodings of the packing conversions and the legacy exp/log.
// Inputs as valu_ops_legacy.s; see tests/sim/semantics/valu_ops_legacy_test.cpp.
v_cvt_pkrtz_f16_f32 v16, v1, v2
v_cvt_pknorm_i16_f32 v17, v1, v2
v_cvt_pknorm_u16_f32 v18, v1, v2
v_mov_b32 v21, v6
v_cvt_pkaccum_u8_f32 v21, v1, v2
v_exp_legacy_f32 v22, v1
v_log_legacy_f32 v23, v1
s_endpgm
