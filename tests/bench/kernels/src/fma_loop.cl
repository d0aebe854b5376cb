// ALU-bound: every work-item runs `iterations` rounds of four independent
// chains of dependent fma on floats, then stores the sum of the chains.
// With m = 0.999 and c = 0.001 each chain converges to 1 and stays finite.
__kernel void fma_loop(__global const float* in, __global float* out, uint iterations) {
  const size_t i = get_global_id(0);
  const float x = in[i];
  const float m = 0.999f, c = 0.001f;
  float a0 = x, a1 = x + 1.0f, a2 = x + 2.0f, a3 = x + 3.0f;
  for (uint k = 0; k < iterations; ++k) {
    a0 = fma(a0, m, c);
    a1 = fma(a1, m, c);
    a2 = fma(a2, m, c);
    a3 = fma(a3, m, c);
  }
  out[i] = a0 + a1 + a2 + a3;
}
