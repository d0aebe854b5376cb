// One Jacobi sweep of the 2-D Laplace equation on a w x h grid of floats:
// every interior point becomes the mean of its four neighbours, boundary
// points are copied. The host ping-pongs two buffers (in/out swap every
// sweep). FP_CONTRACT OFF and the explicit parentheses fix the order of the
// correctly rounded f32 adds and the multiply, so a CPU reference matches bit
// for bit (the values stay far from subnormals).
#pragma OPENCL FP_CONTRACT OFF

__kernel void jacobi(__global const float* in, __global float* out, uint w, uint h) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  uint i = y * w + x;
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    out[i] = in[i];
    return;
  }
  out[i] = 0.25f * ((in[i - 1] + in[i + 1]) + (in[i - w] + in[i + w]));
}
