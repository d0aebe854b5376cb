// v_div_scale on its own, the two calls of the LLVM division expansion:
// f32 numerator v1, denominator v2; f64 numerator v[20:21], denominator v[22:23].
// See tests/sim/semantics/valu_div_test.cpp.
v_div_scale_f32 v3, s[10:11], v2, v2, v1
v_div_scale_f32 v4, s[12:13], v1, v2, v1
v_div_scale_f64 v[24:25], s[14:15], v[22:23], v[22:23], v[20:21]
v_div_scale_f64 v[26:27], s[16:17], v[20:21], v[22:23], v[20:21]
s_endpgm
