// Matrix transpose through a 16x17 __local tile (the padding column avoids
// bank conflicts); the matrix is 45 x 37 so edge tiles are partly out of range.
#define TS 16
__kernel void transpose_padded(__global const float* in, __global float* out, uint W, uint H) {
  __local float tile[TS][TS + 1];
  uint bx = get_group_id(0) * TS, by = get_group_id(1) * TS;
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint x = bx + lx, y = by + ly;
  if (x < W && y < H) tile[ly][lx] = in[y * W + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint ox = by + lx, oy = bx + ly;  // out is H wide, W high
  if (ox < H && oy < W) out[oy * H + ox] = tile[lx][ly];
}
