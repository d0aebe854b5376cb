// Compares into VCC and SGPR pairs, v_cmpx writing EXEC; see tests/sim/semantics/valu_cmp_test.cpp.
v_cmp_lt_f32 vcc, v1, v2
s_mov_b64 s[20:21], vcc
v_cmp_u_f32_e64 s[22:23], v1, v2
v_cmp_nge_f32_e64 s[24:25], v1, v2
v_cmp_eq_u32_e64 s[26:27], v3, v4
v_cmp_gt_i32 vcc, v3, v4
s_mov_b64 s[28:29], vcc
v_cmp_class_f32_e64 s[30:31], v1, v5
v_cmp_lg_f64_e64 s[32:33], v[6:7], v[8:9]
v_cmp_lt_u64_e64 s[36:37], v[6:7], v[8:9]
v_cmp_neq_f32_e64 s[38:39], v1, v2
v_cmp_o_f32_e64 s[40:41], v1, v2
v_cmpx_gt_u32 vcc, v3, v4
s_mov_b64 s[34:35], exec
v_mov_b32 v10, 1
s_endpgm
