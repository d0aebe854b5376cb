// Inclusive Hillis-Steele prefix sum within each work-group, double-buffered
// in a dynamic __local buffer of 2 * local size uints.
__kernel void lds_scan(__global const uint* in, __global uint* out, __local uint* buf) {
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  uint size = get_local_size(0);
  uint src = 0, dst = size;
  buf[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < size; off <<= 1) {
    uint v = buf[src + lid];
    if (lid >= off) v += buf[src + lid - off];
    buf[dst + lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t = src;
    src = dst;
    dst = t;
  }
  out[gid] = buf[src + lid];
}
