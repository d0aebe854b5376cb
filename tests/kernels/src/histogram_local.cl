// 64-bin histogram: __local atomics per work-group, then global atomic_add.
#define BINS 64
__kernel void histogram_local(__global const uint* data, __global uint* hist, uint n) {
  __local uint h[BINS];
  uint lid = get_local_id(0);
  for (uint b = lid; b < BINS; b += get_local_size(0)) h[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    uint v = data[i];
    atomic_inc(&h[(v >> 7) % BINS]);
    if (v & 1) atomic_add(&h[v % BINS], 2u);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < BINS; b += get_local_size(0))
    if (h[b]) atomic_add(&hist[b], h[b]);
}
