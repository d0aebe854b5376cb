// Global atomics on 32-bit words: add, sub, inc, dec, min/max (signed and
// unsigned), and/or/xor, xchg; the values atomic_inc returns must be a
// permutation of 0..n-1 (each marks its flag). The wrapping inc/dec builtins
// give the hardware atomic_inc/atomic_dec instructions (global and __local).
__kernel void global_atomics(__global const uint* v, __global uint* acc, __global int* sacc, __global uint* flags,
                             uint n) {
  __local uint lc;
  uint i = get_global_id(0), lid = get_local_id(0);
  if (lid == 0) lc = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  __builtin_amdgcn_atomic_inc32(&lc, 9u, __ATOMIC_RELAXED, "workgroup");
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) atomic_add(&acc[13], lc);
  if (i >= n) return;
  uint x = v[i];
  atomic_add(&acc[0], x);
  atomic_sub(&acc[1], x >> 4);
  atomic_min(&acc[2], x);
  atomic_max(&acc[3], x);
  atomic_and(&acc[4], x | (1u << (i & 31)));
  atomic_or(&acc[5], x & 0x10101010u);
  atomic_xor(&acc[6], x);
  uint old = atomic_inc(&acc[7]);
  flags[old] += 1;
  atomic_dec(&acc[8]);
  atomic_xchg(&acc[9], 77u);
  if (x & 4) atomic_add(&acc[10], 1u);
  atomic_min(&sacc[0], (int)x);
  atomic_max(&sacc[1], (int)x);
  atomic_add(&sacc[2], (int)x >> 8);
  __builtin_amdgcn_atomic_inc32(&acc[11], 37u, __ATOMIC_RELAXED, "agent");
  __builtin_amdgcn_atomic_dec32(&acc[12], 1000u, __ATOMIC_RELAXED, "agent");
}
