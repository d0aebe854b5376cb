// c[i] = a[i] + b[i] for every i < n. The grid may be larger than n (it is
// rounded up to whole work-groups), so the bounds check matters.
// Built by ../build.sh into vector_add.gfxNNN.hsaco.
__kernel void vector_add(__global const float* a, __global const float* b, __global float* c, uint n) {
  uint i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}
