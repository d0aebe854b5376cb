// char/uchar/short/ushort loads and stores, sign and zero extension, narrow
// wrap-around arithmetic.
__kernel void narrow_types(__global const char* c, __global const uchar* uc, __global const short* s,
                           __global const ushort* us, __global int* wide, __global char* oc, __global uchar* ouc,
                           __global short* os, __global ushort* ous, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  char vc = c[i];
  uchar vuc = uc[i];
  short vs = s[i];
  ushort vus = us[i];
  __global int* w = wide + i * 6;
  w[0] = vc;
  w[1] = vuc;
  w[2] = vs;
  w[3] = vus;
  w[4] = vc * vs + vuc;
  w[5] = (int)(vus >> 3) - (vs >> 2);
  oc[i] = (char)(vc * 3 + 1);
  ouc[i] = (uchar)(vuc ^ 0x5a) + (uchar)vc;
  os[i] = (short)(vs >> 2) - (short)vc;
  ous[i] = (ushort)(vus + 1000u);
}
