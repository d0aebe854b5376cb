// f32 division (2.5 ulp), sqrt (3 ulp) and rsqrt (2 ulp), OpenCL 1.2 bounds.
__kernel void f32_div_sqrt(__global const float* a, __global const float* b, __global float* quot,
                           __global float* recip, __global float* root, __global float* rroot, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  float x = a[i], y = b[i];
  quot[i] = x / y;
  recip[i] = 1.0f / y;
  root[i] = sqrt(fabs(x));
  rroot[i] = rsqrt(fabs(y) + 1.0f);
}
