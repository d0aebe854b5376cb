// gfx906 (Vega 20) only (gfx906_dot_fma.arches): fma() as v_fmac_f32, fma of a
// half operand as v_fma_mix_f32, the dot-product builtins as v_dot*, ~(a ^ b)
// as v_xnor_b32.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void gfx906_dot_fma(__global const float *f, __global const float *g, __global const half *h,
                             __global const int *a, __global const int *b, __global const half2 *p,
                             __global const half2 *q, __global float *of, __global int *oi) {
  uint i = get_global_id(0);
  float x = f[i], y = g[i];
  of[i * 4 + 0] = fma(x, y, f[i ^ 1u]);
  of[i * 4 + 1] = fma((float)h[i], x, y);
  of[i * 4 + 2] = __builtin_amdgcn_fdot2(p[i], q[i], y, false);
  of[i * 4 + 3] = fma(x, x, y) * 0.5f;
  int s = a[i], t = b[i];
  oi[i * 8 + 0] = __builtin_amdgcn_sdot4(s, t, 7, false);
  oi[i * 8 + 1] = (int)__builtin_amdgcn_udot4((uint)s, (uint)t, 3u, false);
  oi[i * 8 + 2] = __builtin_amdgcn_sdot2(as_short2(s), as_short2(t), -5, false);
  oi[i * 8 + 3] = (int)__builtin_amdgcn_udot2(as_ushort2(s), as_ushort2(t), 9u, false);
  oi[i * 8 + 4] = __builtin_amdgcn_sdot8(s, t, 11, false);
  oi[i * 8 + 5] = (int)__builtin_amdgcn_udot8((uint)s, (uint)t, 13u, false);
  oi[i * 8 + 6] = __builtin_amdgcn_sdot4(s, t, 0x7ffffff0, true);
  oi[i * 8 + 7] = ~(s ^ t);
}
