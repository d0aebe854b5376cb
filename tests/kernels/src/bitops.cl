// Bit operations: popcount, clz, ctz, bit reverse, rotate, mul_hi, bitfield
// extracts (unsigned, signed, variable), bitselect, 64-bit popcount/clz.
__kernel void bitops(__global const uint* a, __global const uint* b, __global const ulong* c,
                     __global uint* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint x = a[i], y = b[i];
  ulong z = c[i];
  uint sh = y & 31;
  __global uint* o = out + i * 16;
  o[0] = popcount(x);
  o[1] = clz(x >> sh);
  o[2] = (x >> sh) ? (uint)__builtin_ctz(x >> sh) : 32u;
  o[3] = __builtin_bitreverse32(x);
  o[4] = rotate(x, y);
  o[5] = mul_hi(x, y);
  o[6] = (uint)mul_hi((int)x, (int)y);
  o[7] = (x >> 5) & 0x3ffu;
  o[8] = (uint)(((int)x << 3) >> 20);
  o[9] = (x >> sh) & ((1u << (y >> 27)) - 1u);
  o[10] = bitselect(x, y, x ^ (y << 7));
  o[11] = (uint)popcount(z);
  o[12] = (uint)clz(z >> (y & 63));
  o[13] = ~x & (y | 0x00ff00ffu);
  o[14] = upsample((ushort)x, (ushort)y);
  o[15] = (x & 0xffff) * (y >> 16);
}
