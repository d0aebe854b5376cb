// ALU-heavy loop for the VALU throughput benchmark (tests/sim/semantics/valu_bench_test.cpp):
// s0 iterations of 16 VALU instructions plus 3 scalar loop instructions.
loop:
v_add_f32 v1, v2, v1
v_mul_f32 v3, v1, v2
v_fma_f32 v4, v1, v3, v4
v_add_co_u32 v5, vcc, v5, v6
v_xor_b32 v6, v5, v1
v_lshlrev_b32 v7, 3, v6
v_and_b32 v8, v7, v5
v_max_f32 v9, v1, v4
v_mad_u32_u24 v10, v5, v6, v10
v_cndmask_b32 v11, v1, v2, vcc
v_mul_lo_u32 v12, v5, v6
v_min_u32 v13, v12, v5
v_cvt_f32_u32 v14, v13
v_sub_f32 v15, v14, v1
v_or_b32 v16, v15, v8
v_bfe_u32 v17, v16, 4, 8
s_sub_u32 s0, s0, 1
s_cmp_lg_u32 s0, 0
s_cbranch_scc1 loop
s_endpgm
