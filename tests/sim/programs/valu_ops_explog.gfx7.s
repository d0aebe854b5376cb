// GCN 1.1 VOP1 V_EXP_LEGACY_F32 / V_LOG_LEGACY_F32 (0x46/0x45, GcnInstrsVop1.md;
// LLVM's GFX7 syntax list omits them, llvm-mc-15 assembles them). Inputs as
// valu_ops_legacy.s; checked like valu_ops_f32v.s in tests/sim/semantics/valu_ops_legacy_test.cpp.
v_exp_legacy_f32 v22, v1
v_log_legacy_f32 v23, v1
s_endpgm
