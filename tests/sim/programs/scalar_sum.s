// Scalar end-to-end program for tests/sim/semantics/scalar_program_test.cpp.
// In:  s[0:1] = address of 16 dwords d[i].
// Out: s10 = d[0] + ... + d[7], loaded one by one with an SGPR byte offset;
//      s20 = loop trip count; s[14:15] = s_load_dwordx2 with immediate offset 4
//      (GCN 1.0/1.1 SMRD: 4 dwords = byte 16; GCN 1.2/1.4 SMEM: byte 4);
//      s7 = 42, set by a subroutine entered with s_swappc_b64 and left with
//      s_setpc_b64; s[30:31] = the return address; s8 = bits [7:4] of s10.
  s_mov_b32 s10, 0
  s_mov_b32 s11, 0
loop:
  s_lshl_b32 s12, s11, 2
  s_load_dword s13, s[0:1], s12
  s_waitcnt lgkmcnt(0)
  s_add_u32 s10, s10, s13
  s_add_u32 s11, s11, 1
  s_cmp_lt_u32 s11, 8
  s_cbranch_scc1 loop
  s_mov_b32 s20, s11
  s_load_dwordx2 s[14:15], s[0:1], 0x4
  s_getpc_b64 s[4:5]
base:
  s_add_u32 s4, s4, sub - base
  s_addc_u32 s5, s5, 0
  s_swappc_b64 s[30:31], s[4:5]
  s_branch done
sub:
  s_mov_b32 s7, 42
  s_setpc_b64 s[30:31]
done:
  s_bfe_u32 s8, s10, 0x40004
  s_waitcnt lgkmcnt(0)
  s_endpgm
