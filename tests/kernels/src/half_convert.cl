// vload_half / vstore_half: f16 <-> f32 conversions (round to nearest even).
__kernel void half_convert(__global const half* h, __global const float* f, __global float* wide,
                           __global half* narrow, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  wide[i] = vload_half(i, h) * 2.0f;
  vstore_half(f[i], i, narrow);
}
