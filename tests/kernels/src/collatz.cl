// Data-dependent loop trip counts: Collatz steps (capped) and the peak value.
__kernel void collatz(__global const uint* start, __global uint* steps, __global ulong* peak, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  ulong v = start[i];
  ulong top = v;
  uint k = 0;
  while (v != 1 && k < 500) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    top = v > top ? v : top;
    ++k;
  }
  steps[i] = k;
  peak[i] = top;
}
