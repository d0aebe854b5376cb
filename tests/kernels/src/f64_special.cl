// f64 special values, huge values and subnormals (f64 denormals are kept on
// every generation): every pair of 16 values through the correctly rounded
// operations, including division and sqrt, plus comparisons.
#pragma OPENCL FP_CONTRACT OFF
__kernel void f64_special(__global const double* s, __global double* of, __global int* oi) {
  uint i = get_global_id(0);
  double x = s[i >> 4], y = s[i & 15];
  __global double* f = of + i * 8;
  f[0] = x + y;
  f[1] = x * y;
  f[2] = fma(x, y, x);
  f[3] = fmin(x, y);
  f[4] = fmax(x, y);
  f[5] = x / y;
  f[6] = sqrt(x);
  f[7] = x - y;
  __global int* o = oi + i * 6;
  o[0] = x < y;
  o[1] = x >= y;
  o[2] = x == y;
  o[3] = isunordered(x, y);
  o[4] = isnan(x) | (isinf(y) << 1) | (isnormal(x) << 2) | (signbit(y) << 3);
  o[5] = (int)trunc(fmin(fmax(x, -1e9), 1e9) * 0.5);
}
