// Mandelbrot escape counts on a 64 x 48 grid (8 x 8 work-groups): a divergent
// f32 loop. Contraction is off so the result is exactly reproducible.
#pragma OPENCL FP_CONTRACT OFF
__kernel void mandelbrot(__global uint* iters, float x0, float y0, float step, uint maxIter) {
  uint px = get_global_id(0), py = get_global_id(1);
  float cx = x0 + (float)px * step, cy = y0 + (float)py * step;
  float zx = 0.0f, zy = 0.0f;
  uint k = 0;
  while (k < maxIter && zx * zx + zy * zy <= 4.0f) {
    float t = zx * zx - zy * zy + cx;
    zy = 2.0f * zx * zy + cy;
    zx = t;
    ++k;
  }
  iters[py * get_global_size(0) + px] = k;
}
