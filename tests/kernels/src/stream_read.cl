// A grid-stride read of a large buffer: every work-item sums float4s
// get_global_size(0) apart, so the grid streams the buffer from DRAM once.
// tests/e2e/timing_examples_test.cpp measures the DRAM bandwidth it reaches
// in timing mode against the config's dram_bytes_per_cycle.
__kernel void stream_read(__global const float4* in, __global float* out, uint n) {
  uint g = get_global_id(0);
  float4 s = 0;
  for (uint i = g; i < n; i += get_global_size(0)) s += in[i];
  out[g] = s.x + s.y + s.z + s.w;
}
