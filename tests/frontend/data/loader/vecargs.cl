// Arguments larger than 8 bytes passed by value: vectors and a struct.
typedef struct {
  int a;
  float b;
  short c;
  char d;
} S;  // 12 bytes

__kernel void vecargs(__global double *o, float4 f4, int3 i3, long2 l2, double2 d2, S s, uchar16 u16,
                      char c, short3 s3) {
  if (get_global_id(0) != 0) return;
  o[0] = f4.x;
  o[1] = f4.y;
  o[2] = f4.z;
  o[3] = f4.w;
  o[4] = i3.x;
  o[5] = i3.y;
  o[6] = i3.z;
  o[7] = (double)l2.x;
  o[8] = (double)l2.y;
  o[9] = d2.x;
  o[10] = d2.y;
  o[11] = s.a;
  o[12] = s.b;
  o[13] = s.c;
  o[14] = s.d;
  o[15] = u16.s0;
  o[16] = u16.s7;
  o[17] = u16.sf;
  o[18] = c;
  o[19] = s3.x;
  o[20] = s3.y;
  o[21] = s3.z;
}
