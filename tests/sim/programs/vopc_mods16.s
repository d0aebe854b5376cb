# gens: gfx8 gfx9
// 16-bit VOPC source modifiers and constant operands; checked by tests/sim/semantics/valu_cmp_test.cpp
// ("VOPC: source modifiers ..."). v1, v2: f16 / 16-bit integers (high halves garbage); v7: masks.
v_cmp_lt_f16_e64 s[10:11], -v1, v2
v_cmp_eq_f16_e64 s[12:13], |v1|, |v2|
v_cmp_class_f16_e64 s[14:15], -v1, v7
v_cmp_lt_f16 vcc, 1.0, v2
s_mov_b64 s[16:17], vcc
v_cmp_ge_i16_e64 s[18:19], v1, -1
v_cmp_lt_u16 vcc, 0x1234, v2
s_mov_b64 s[20:21], vcc
v_cmp_nge_f16_e64 s[22:23], -|v1|, v2
s_endpgm
