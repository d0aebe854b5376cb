// Wave intrinsics: mbcnt lane id, readfirstlane, readlane, ds_swizzle (all
// GCN), ds_bpermute and DPP row_shr (GCN 1.2+; GCN 1.0/1.1 compute the same
// values through __local memory). One wave per work-group.
__kernel void wave_intrinsics(__global const int* in, __global int* out) {
  __local int ex[64];
  uint gid = get_global_id(0), lid = get_local_id(0);
  int x = in[gid];
  int lane = (int)__builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  __global int* o = out + gid * 6;
  o[0] = lane;
  o[1] = __builtin_amdgcn_readfirstlane(x);
  o[2] = __builtin_amdgcn_readlane(x, 37);
  o[3] = __builtin_amdgcn_ds_swizzle(x, 0x801b);  // quad permute: reverse each group of 4
#if defined(__gfx803__) || defined(__gfx900__)
  o[4] = __builtin_amdgcn_ds_bpermute((lane ^ 5) << 2, x);
  o[5] = __builtin_amdgcn_update_dpp(-7, x, 0x111, 0xf, 0xf, false);  // row_shr:1
#else
  ex[lid] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[4] = ex[lid ^ 5];
  o[5] = (lid & 15) ? ex[lid - 1] : -7;
#endif
}
