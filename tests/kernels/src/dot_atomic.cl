// Integer dot product over 8192 elements: per-work-group __local reduction,
// then one global atomic_add per work-group (128 work-groups of 64).
__kernel void dot_atomic(__global const int* a, __global const int* b, __global int* partial,
                         __global int* total) {
  __local int s[64];
  uint gid = get_global_id(0), lid = get_local_id(0);
  s[lid] = a[gid] * b[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 32; k > 0; k >>= 1) {
    if (lid < k) s[lid] += s[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    partial[get_group_id(0)] = s[0];
    atomic_add(total, s[0]);
  }
}
