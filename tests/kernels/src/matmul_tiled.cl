// C = A * B with 16x16 __local tiles; M, N, K are not multiples of 16, so edge
// tiles are padded with zeros. Integer-valued floats keep every product and
// sum exact whether the compiler fuses the multiply-add or not.
#define TS 16
__kernel void matmul_tiled(__global const int* A, __global const int* B, __global float* C, uint M, uint N,
                           uint K) {
  __local float ta[TS][TS];
  __local float tb[TS][TS];
  uint col = get_global_id(0), row = get_global_id(1);
  uint lx = get_local_id(0), ly = get_local_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < K; t += TS) {
    uint ac = t + lx, br = t + ly;
    ta[ly][lx] = (row < M && ac < K) ? (float)A[row * K + ac] : 0.0f;
    tb[ly][lx] = (br < K && col < N) ? (float)B[br * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TS; ++k) acc += ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
