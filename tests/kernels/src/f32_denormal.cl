// f32 subnormal inputs and results. The kernel descriptor's FLOAT_DENORM_MODE_32
// decides: clang-15 flushes f32 denormals on gfx600-gfx803 and keeps them on
// gfx900; the reference follows the mode of the code object.
#pragma OPENCL FP_CONTRACT OFF
__kernel void f32_denormal(__global const float* s, __global float* of, __global float* oq, __global float* osq) {
  uint i = get_global_id(0);
  float x = s[i >> 3], y = s[i & 7];
  __global float* f = of + i * 4;
  f[0] = x * y;
  f[1] = x + y;
  f[2] = fma(x, y, x);
  f[3] = x - y * 0.5f;
  oq[i] = x / y;
  osq[i] = sqrt(fabs(x));
}
