// Work-group sum reduction through __local memory: each work-group writes the
// sum of its slice of `in` (elements past n count as 0) to partial[group id].
// `scratch` is a dynamically sized __local buffer (job argument {"local": BYTES},
// at least 4 * work-group size). Built by ../build.sh into reduction.gfxNNN.hsaco.
__kernel void reduce_sum(__global const float* in, __global float* partial, __local float* scratch, uint n) {
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  scratch[lid] = gid < n ? in[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
