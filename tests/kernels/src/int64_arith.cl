// 64-bit integer arithmetic: add/sub/mul, signed and unsigned division and
// modulo (large and small operands, so both the full and the 32-bit bypass
// paths run), shifts, min/max, abs, mul_hi.
__kernel void int64_arith(__global const long* a, __global const long* b, __global long* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  long x = a[i], y = b[i];
  if (i & 2) x >>= 35;
  long d = (i & 1) ? y : (y >> 40);
  d |= 1;
  if (d == -1) d = 5;
  ulong ux = (ulong)x, ud = (ulong)d;
  __global long* o = out + i * 16;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / d;
  o[4] = x % d;
  o[5] = (long)(ux / ud);
  o[6] = (long)(ux % ud);
  o[7] = x / 1000;
  o[8] = x << (y & 63);
  o[9] = x >> (y & 63);
  o[10] = (long)(ux >> (y & 63));
  o[11] = min(x, y);
  o[12] = (long)max(ux, (ulong)y);
  o[13] = (long)abs(x);
  o[14] = mul_hi(x, y);
  o[15] = (long)mul_hi(ux, (ulong)y);
}
