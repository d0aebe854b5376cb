// Work-group tree reduction in __local memory: each work-item loads one
// element, the work-group halves the active range each step (with a barrier
// between steps), and work-item 0 writes the work-group's partial sum.
#define WG 256

__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void lds_reduction(
    __global const float* in, __global float* partial, uint count) {
  __local float sums[WG];
  const uint lid = get_local_id(0);
  const size_t i = get_global_id(0);
  sums[lid] = i < count ? in[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) sums[lid] += sums[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = sums[0];
}
