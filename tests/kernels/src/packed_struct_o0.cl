// A packed struct copied to private memory and back at -O0, where clang keeps
// it in scratch and moves its fields with unaligned buffer (gfx6-8) or scratch
// (gfx9) loads and stores: `short s` at byte 5, `long l` at 7, `char d` at 19.
typedef struct __attribute__((packed)) {
  char c;
  int i;
  short s;
  long l;
  float f;
  char d;
  double x;
} P;  // 28 bytes

__kernel void packed_struct_o0(__global P* in, __global P* out, uint n) {
  uint g = get_global_id(0);
  if (g >= n) return;
  P p = in[g];
  p.d = (char)(p.s >> 3);
  p.i += p.c;
  p.s = (short)(p.s ^ 0x1234);
  p.l = p.l * 3 + p.i;
  out[g] = p;
}
