// LU decomposition without pivoting (Doolittle, in place, row-major n x n
// doubles), one kernel pair per elimination step k = 0 .. n-2, launched by the
// host with k as an argument (as Rodinia's lud and gaussian do). After the last
// step the strict lower triangle holds L (unit diagonal implied) and the upper
// triangle U. OpenCL 1.2 requires correctly rounded f64 add/sub/mul/div, and
// FP_CONTRACT OFF keeps a*b-c from becoming an fma, so a CPU reference that
// does the same operations in the same order matches bit for bit.
#pragma OPENCL FP_CONTRACT OFF

// Column k of L: a[i][k] /= a[k][k] for the rows i > k (work-item x: i = k+1+x).
__kernel void lu_scale(__global double* a, uint n, uint k) {
  uint i = k + 1 + get_global_id(0);
  if (i >= n) return;
  a[i * n + k] = a[i * n + k] / a[k * n + k];
}

// Trailing submatrix: a[i][j] -= a[i][k] * a[k][j] for i, j > k
// (work-item (x, y): j = k+1+x, i = k+1+y). The grid stays n x n for every k;
// work-items past the submatrix return.
__kernel void lu_update(__global double* a, uint n, uint k) {
  uint j = k + 1 + get_global_id(0);
  uint i = k + 1 + get_global_id(1);
  if (i >= n || j >= n) return;
  a[i * n + j] = a[i * n + j] - a[i * n + k] * a[k * n + j];
}
