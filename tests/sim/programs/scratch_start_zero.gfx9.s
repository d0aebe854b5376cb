// Private memory starts as zero for every workgroup in functional mode
// (tests/sim/functional_dispatch_test.cpp): each lane reads its dword of the
// wave's scratch before writing it, stores what it read to out[wg * 64 +
// lane], then writes workgroup id + 1 there. A leftover of the workgroup that
// used the scratch slot before would show up in `out`.
// s[0:1] = the wave's scratch base, s[2:3] = out, s4 = workgroup id x.
  v_lshlrev_b32 v1, 2, v0
  global_load_dword v2, v1, s[0:1]
  s_waitcnt vmcnt(0)
  s_lshl_b32 s5, s4, 8
  s_add_u32 s2, s2, s5
  s_addc_u32 s3, s3, 0
  global_store_dword v1, v2, s[2:3]
  s_add_u32 s6, s4, 1
  v_mov_b32 v3, s6
  global_store_dword v1, v3, s[0:1]
  s_waitcnt vmcnt(0)
  s_endpgm
