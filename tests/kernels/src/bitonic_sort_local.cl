// Bitonic sort of 256 uints per work-group in __local memory (128 work-items,
// two elements each); each work-group sorts its own chunk.
#define CHUNK 256
__kernel void bitonic_sort_local(__global uint* data) {
  __local uint s[CHUNK];
  uint lid = get_local_id(0);
  uint base = get_group_id(0) * CHUNK;
  s[lid] = data[base + lid];
  s[lid + CHUNK / 2] = data[base + lid + CHUNK / 2];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 2; k <= CHUNK; k <<= 1) {
    for (uint j = k >> 1; j > 0; j >>= 1) {
      uint i = 2 * lid - (lid & (j - 1));
      uint l = i + j;
      bool up = (i & k) == 0;
      uint a = s[i], b = s[l];
      if ((a > b) == up) {
        s[i] = b;
        s[l] = a;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  data[base + lid] = s[lid];
  data[base + lid + CHUNK / 2] = s[lid + CHUNK / 2];
}
