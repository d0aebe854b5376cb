// Built at -O0 (calls_o0.flags): the helper is a real call (s_swappc_b64), and the kernel and the helper
// save registers in scratch -- callee-saved VGPRs the caller never wrote among them -- and restore them.
__attribute__((noinline)) uint mix(uint x, uint k) {
  uint a[4];
  for (int i = 0; i < 4; ++i) a[i] = x * (k + (uint)i) + (uint)i;
  return a[x & 3] ^ (a[(x >> 2) & 3] >> 3);
}

__kernel void calls_o0(__global const uint* in, __global uint* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  out[i] = mix(in[i], 7u) + mix(in[i] + 1u, 13u);
}
