// y = a * x + y over 16384 elements in 64 work-groups of 256.
#pragma OPENCL FP_CONTRACT OFF
__kernel void saxpy_many_wg(float a, __global const float* x, __global float* y) {
  uint i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
