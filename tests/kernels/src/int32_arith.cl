// 32-bit integer arithmetic: add/sub/mul, signed and unsigned division and
// modulo (by variables and by constants), mul24/mad24, shifts, min/max, abs,
// saturating and halving adds.
__kernel void int32_arith(__global const int* a, __global const int* b, __global int* out, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  int x = a[i], y = b[i];
  int d = y | 1;
  if (d == -1) d = 3;
  int small = (i & 1) ? d : (d >> 20) | 1;  // small divisors half of the time
  uint ux = (uint)x, ud = (uint)small;
  int x24 = (x << 8) >> 8, y24 = (y << 8) >> 8;
  __global int* o = out + i * 24;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / small;
  o[4] = x % small;
  o[5] = (int)(ux / ud);
  o[6] = (int)(ux % ud);
  o[7] = x / 7;
  o[8] = x % 13;
  o[9] = (int)(ux / 10u);
  o[10] = mul24(x24, y24);
  o[11] = mad24(x24, y24, x);
  o[12] = x >> (y & 31);
  o[13] = (int)(ux >> (y & 31));
  o[14] = x << (y & 31);
  o[15] = min(x, y);
  o[16] = max(x, y);
  o[17] = (int)min(ux, (uint)y);
  o[18] = (int)max(ux, (uint)y);
  o[19] = (int)abs(x);
  o[20] = add_sat(x, y);
  o[21] = sub_sat(x, y);
  o[22] = hadd(x, y);
  o[23] = clamp(x, -1000, 1000000);
}
