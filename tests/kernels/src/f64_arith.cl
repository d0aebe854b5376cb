// f64 basic operations; OpenCL 1.2 requires add/sub/mul/fma/div/sqrt to be
// correctly rounded for double.
#pragma OPENCL FP_CONTRACT OFF
__kernel void f64_arith(__global const double* a, __global const double* b, __global const double* c,
                        __global double* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i];
  __global double* o = out + i * 12;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = fma(x, y, z);
  o[4] = x / y;
  o[5] = sqrt(fabs(z));
  o[6] = fmin(x, y);
  o[7] = fmax(y, z);
  o[8] = floor(x) - ceil(z);
  o[9] = trunc(y) + rint(x);
  o[10] = fabs(x) * -z;
  o[11] = 1.0 / z;
}
