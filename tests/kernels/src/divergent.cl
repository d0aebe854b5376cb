// Divergent control flow: early return, switch, nested ifs, a loop with a
// data-dependent break and continue.
__kernel void divergent(__global const int* in, __global int* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  int x = in[i];
  if (x % 7 == 0) return;  // out[i] keeps its initial value
  int r;
  switch (x & 3) {
    case 0: r = x * 2; break;
    case 1: r = x - 100; break;
    case 2: r = (x < 0) ? -x : x * x; break;
    default: r = x ^ 0x5555; break;
  }
  if (r > 1000) {
    if (r & 8)
      r -= 1000;
    else
      r = r / 3;
  }
  for (int k = 0; k < (x & 31); ++k) {
    if (((x >> k) & 3) == 3) break;
    if (k & 1) continue;
    r += k * (x & 0xff);
  }
  out[i] = r;
}
