// MODE-dependent behaviour: output modifiers and denormal flushing (the test
// sets MODE before running); see tests/sim/semantics/valu_float_test.cpp.
v_add_f32_e64 v10, v1, v2 mul:2
v_add_f32 v11, v1, v2
v_mul_f32_e64 v12, v1, v2 clamp div:2
v_add_f32_e64 v13, v1, v2 mul:4
v_mul_f64 v[14:15], v[20:21], v[22:23]
v_max_f32 v16, v1, v2
s_endpgm
