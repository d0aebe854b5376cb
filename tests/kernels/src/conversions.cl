// Conversions between int, uint, long, ulong, float and double, with the
// default rounding, rte and saturating forms.
__kernel void conversions(__global const float* f, __global const int* si, __global const uint* ui,
                          __global const long* sl, __global const double* d, __global int* oi,
                          __global float* of, __global double* od, __global long* ol, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  float x = f[i];
  double y = d[i];
  int k = si[i];
  uint u = ui[i];
  long l = sl[i];
  __global int* pi = oi + i * 8;
  pi[0] = (int)x;
  pi[1] = convert_int_rte(x);
  pi[2] = convert_uchar_sat(x * 0.001f);
  pi[3] = convert_short_sat(k);
  pi[4] = (int)convert_uint_sat(x);
  pi[5] = (int)y;
  pi[6] = (int)(uint)(y < 0 ? -y : y);
  pi[7] = convert_char_sat(k >> 20);
  __global float* pf = of + i * 6;
  pf[0] = (float)k;
  pf[1] = (float)u;
  pf[2] = (float)l;
  pf[3] = (float)y;
  pf[4] = (float)(ulong)l;
  pf[5] = convert_float(k >> 3) * 0.5f;
  __global double* pd = od + i * 5;
  pd[0] = (double)x;
  pd[1] = (double)k;
  pd[2] = (double)u;
  pd[3] = (double)l;
  pd[4] = (double)(ulong)l;
  __global long* pl = ol + i * 3;
  pl[0] = (long)y;
  pl[1] = (long)(x * 1000.0f);
  pl[2] = (long)(ulong)(y < 0 ? -y : y);
}
