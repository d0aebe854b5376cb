// A private array indexed with run-time values: it lives in scratch memory.
#define LEN 64
__kernel void private_array(__global const uint* in, __global uint* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint x = in[i];
  uint arr[LEN];
  for (uint k = 0; k < LEN; ++k) arr[k] = x * (k + 1) ^ (k << 9);
  uint acc = 0;
  for (uint k = 0; k < 40; ++k) {
    uint idx = (x + k * 13 + acc) % LEN;
    acc += arr[idx];
    arr[(idx * 7 + 3) % LEN] ^= acc;
  }
  out[i * 2] = acc;
  out[i * 2 + 1] = arr[x % LEN];
}
