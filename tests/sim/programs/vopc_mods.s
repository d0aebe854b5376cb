// VOPC source modifiers and constant operands; checked by tests/sim/semantics/valu_cmp_test.cpp
// ("VOPC: source modifiers ..."). v1, v2: f32; v[3:4], v[5:6]: f64; v7: class masks; v8: u32.
s_mov_b64 s[0:1], exec
v_cmp_lt_f32_e64 s[10:11], -v1, v2
v_cmp_eq_f32_e64 s[12:13], |v1|, |v2|
v_cmp_nge_f32_e64 s[14:15], -|v1|, v2
v_cmpx_le_f32_e64 s[16:17], v1, -v2
s_mov_b64 s[18:19], exec
s_mov_b64 exec, s[0:1]
v_cmp_gt_f64_e64 s[20:21], -v[3:4], |v[5:6]|
v_cmp_nlt_f64_e64 s[22:23], |v[3:4]|, -v[5:6]
v_cmp_class_f32_e64 s[24:25], -v1, v7
v_cmp_class_f32_e64 s[26:27], |v1|, v7
v_cmp_class_f64_e64 s[28:29], -|v[3:4]|, v7
v_cmp_lt_f32 vcc, 1.0, v2
s_mov_b64 s[30:31], vcc
v_cmp_ge_f32_e64 s[32:33], v1, -0.5
v_cmp_eq_u32 vcc, 0x12345678, v8
s_mov_b64 s[34:35], vcc
v_cmp_lt_i32_e64 s[36:37], v8, -1
v_cmp_lt_f64_e64 s[38:39], v[3:4], 0.5
s_endpgm
