// f32 special values (+-0, +-inf, NaN, huge, tiny normals): every pair of 16
// values through add/mul/fma/min/max, comparisons, classification, saturating
// conversion, and division/sqrt (ulp bounds; special results exact).
#pragma OPENCL FP_CONTRACT OFF
__kernel void f32_special(__global const float* s, __global float* of, __global int* oi, __global float* oq,
                          __global float* osq) {
  uint i = get_global_id(0);
  float x = s[i >> 4], y = s[i & 15];
  __global float* f = of + i * 5;
  f[0] = x + y;
  f[1] = x * y;
  f[2] = fma(x, y, x);
  f[3] = fmin(x, y);
  f[4] = fmax(x, y);
  __global int* o = oi + i * 11;
  o[0] = x < y;
  o[1] = x <= y;
  o[2] = x == y;
  o[3] = x != y;
  o[4] = isunordered(x, y);
  o[5] = isnan(x);
  o[6] = isinf(y);
  o[7] = convert_int_sat(x);
  o[8] = signbit(x);
  o[9] = isfinite(y);
  o[10] = isnormal(x);
  oq[i] = x / y;
  osq[i] = sqrt(x);
}
