// Memory-bound streaming: y = a * x + y.
__kernel void saxpy(float a, __global const float* x, __global float* y, uint count) {
  const size_t i = get_global_id(0);
  if (i < count) y[i] = a * x[i] + y[i];
}
