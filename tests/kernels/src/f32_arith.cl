// Exactly rounded f32 operations: add, sub, mul, fma, min/max, abs/neg,
// rounding functions, copysign. Contraction is off so a*b+c stays two ops.
#pragma OPENCL FP_CONTRACT OFF
__kernel void f32_arith(__global const float* a, __global const float* b, __global const float* c,
                        __global float* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  __global float* o = out + i * 12;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = fma(x, y, z);
  o[4] = fmin(x, y);
  o[5] = fmax(x, z);
  o[6] = fabs(x) - y;
  o[7] = -x * z;
  o[8] = floor(x) + ceil(y);
  o[9] = trunc(x) - rint(z);
  o[10] = copysign(x, y) * 0.25f;
  o[11] = x * 3.0f + 1.5f;
}
