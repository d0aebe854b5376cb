// The classic tiled matrix multiply: C (m x n) = A (m x k) * B (k x n), row
// major, 16x16 work-groups, each stepping a 16x16 tile of A and of B through
// __local memory. m, n and k are multiples of 16.
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void lds_matmul(
    __global const float* A, __global const float* B, __global float* C, uint n, uint k) {
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE];
  const uint tx = get_local_id(0), ty = get_local_id(1);
  const uint col = get_group_id(0) * TILE + tx;
  const uint row = get_group_id(1) * TILE + ty;
  float acc = 0.0f;
  for (uint t = 0; t < k; t += TILE) {
    As[ty][tx] = A[row * k + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint j = 0; j < TILE; ++j) acc += As[ty][j] * Bs[j][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
