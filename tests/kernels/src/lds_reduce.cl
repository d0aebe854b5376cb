// Work-group tree reductions of uint and float in dynamic __local buffers.
__kernel void lds_reduce(__global const uint* in, __global const float* fin, __global uint* usum,
                         __global float* fsum, __local uint* us, __local float* fs, uint n) {
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  us[lid] = gid < n ? in[gid] : 0u;
  fs[lid] = gid < n ? fin[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) {
      us[lid] += us[lid + s];
      fs[lid] += fs[lid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    usum[get_group_id(0)] = us[0];
    fsum[get_group_id(0)] = fs[0];
  }
}
