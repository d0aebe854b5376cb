// Kernels of one program, some with atomics, some without, some calling
// helpers (tests/frontend/device/threads_test.cpp): a kernel's order-dependence
// scan covers its own code and the functions it calls, not the whole .text.

// An atomic in a kernel of its own.
__kernel void histogram(__global const uint* in, __global uint* bins, uint n) {
  const uint i = get_global_id(0);
  if (i < n) atomic_inc(&bins[in[i] & 15]);
}

// No atomic: runs on every thread although histogram's code is in the same .text.
__kernel void scale(__global float* a, float f, uint n) {
  const uint i = get_global_id(0);
  if (i < n) a[i] *= f;
}

// Helpers that stay functions of their own (s_swappc_b64 through an address s_getpc_b64 forms).
__attribute__((noinline)) void bump(__global uint* c, uint v) { atomic_add(c, v); }
__attribute__((noinline)) float twice(float x) { return 2.0f * x + 1.0f; }

// The atomic is in the helper it calls: one thread.
__kernel void calls_bump(__global uint* c, uint n) {
  if (get_global_id(0) < n) bump(c, 1);
}

// Its helper has no atomic: every thread.
__kernel void calls_twice(__global float* a, uint n) {
  const uint i = get_global_id(0);
  if (i < n) a[i] = twice(a[i]);
}
