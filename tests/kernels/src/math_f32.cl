// f32 math library (ROCm device libraries): sin/cos (4 ulp), exp/log/exp2/log2
// (3 ulp), pow (16 ulp).
__kernel void math_f32(__global const float* a, __global const float* b, __global float* osin,
                       __global float* ocos, __global float* oexp, __global float* olog, __global float* opow,
                       __global float* oexp2, __global float* olog2, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  float x = a[i], y = b[i];
  osin[i] = sin(x);
  ocos[i] = cos(x);
  oexp[i] = exp(x);
  olog[i] = log(y);
  opow[i] = pow(y, x);
  oexp2[i] = exp2(x);
  olog2[i] = log2(y);
}
