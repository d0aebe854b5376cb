// A HIP kernel for gcnsim (README "HIP kernels"): y[i] = a * x[i] + i for
// i < n, fused (fmaf: one rounding). Built by examples/build.sh with Debian's
// clang-15 and the HIP headers of libamdhip64-dev.
#include <hip/hip_runtime.h>

extern "C" __global__ void vector_scale(const float* x, float* y, float a, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = fmaf(a, x[i], float(i));
}
