// Compare-and-swap loops: 32-bit and 64-bit atomic multiply (commutative, so
// the final value does not depend on the order), plus 64-bit atom_add/min/max.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void cmpxchg_loop(__global const uint* v, __global uint* prod, __global ulong* prod64,
                           __global long* acc64, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint m = 2u * v[i] + 1u;
  __global uint* p = &prod[i % 8];
  uint old = *p, seen;
  while ((seen = atomic_cmpxchg(p, old, old * m)) != old) old = seen;
  __global ulong* q = &prod64[i % 4];
  ulong m64 = ((ulong)m << 32) | (ulong)(m * 3u) | 1ul;
  ulong o64 = *q, s64;
  while ((s64 = atom_cmpxchg(q, o64, o64 * m64)) != o64) o64 = s64;
  atom_add(&acc64[0], (long)m64);
  atom_min(&acc64[1], (long)(m64 << 17));
  atom_max(&acc64[2], (long)(m64 << 17));
  atom_xchg(&acc64[3], 5l);
}
