// A small kernel built with -g (examples/build.sh) so that its code object
// carries DWARF line tables: gcnsim's listings show file:line per instruction.
__kernel void saxpy(__global const float* x, __global float* y, float a, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  float xi = x[i];
  float yi = y[i];
  y[i] = a * xi + yi;
}
