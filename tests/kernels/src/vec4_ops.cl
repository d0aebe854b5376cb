// Vector types: float4/int4/ushort4 loads and stores (dwordx2/x4 memory ops),
// component-wise math, swizzles and vload/vstore at unaligned element offsets.
#pragma OPENCL FP_CONTRACT OFF
__kernel void vec4_ops(__global const float4* a, __global const float4* b, __global const int4* c,
                       __global const ushort* u, __global float4* of, __global int4* oi, __global float* ov,
                       __global ushort* ou, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  float4 x = a[i], y = b[i];
  int4 k = c[i];
  of[i] = x * y + (float4)(1.0f, 2.0f, -3.0f, 0.5f) - y.wzyx;
  oi[i] = (k.yxwz << 2) ^ (int4)(1, 2, 3, 4) + convert_int4(x);
  float3 v = vload3(0, (__global const float*)a + 4 * i + 1);
  vstore3(v * 2.0f, 0, ov + 3 * i);
  ushort4 w = vload4(0, u + 4 * i + 1);
  vstore4(w.s3210 + (ushort4)((ushort)i), i, ou);
}
