// Running ahead through long ALU stretches and subroutine calls
// (sim/timing/run_ahead.hpp; tests/sim/timing/run_ahead_test.cpp): eight
// rounds of a loop whose body has 150 VALU and SALU instructions of
// straight-line code (a run holds up to 255 instructions, at most 64 of them
// branches, so runs span rounds and the backward branch), then a call of a
// subroutine with s_swappc_b64 that returns with s_setpc_b64 -- jumps to
// absolute targets, after which a run ends. Each work-item stores four
// dwords at 16 * (128 * s8 + v0): s8 = workgroup id, v0 = work-item id,
// s[4:7] = the buffer's resource.
  s_mul_i32 s9, s8, 0x800
  v_mad_u32_u24 v10, v0, 16, s9
  v_mov_b32 v1, v0
  v_mov_b32 v2, 1
  v_mov_b32 v3, 0
  s_mov_b32 s10, 0
  s_mov_b32 s11, 7
loop:
  .rept 50
  v_mad_u32_u24 v2, v2, 3, v1
  v_and_b32 v2, 0xffff, v2
  s_add_u32 s11, s11, s10
  .endr
  s_getpc_b64 s[12:13]
base:
  s_add_u32 s12, s12, sub - base
  s_addc_u32 s13, s13, 0
  s_swappc_b64 s[30:31], s[12:13]
  s_add_u32 s10, s10, 1
  s_cmp_lt_u32 s10, 8
  s_cbranch_scc1 loop
  s_branch done
sub:
  v_xor_b32 v4, v2, v0
  v_max_u32 v3, v3, v4
  v_or_b32 v5, s11, v3
  s_setpc_b64 s[30:31]
done:
  v_mov_b32 v6, v2
  v_mov_b32 v7, v3
  v_mov_b32 v8, v5
  v_mov_b32 v9, s11
  buffer_store_dwordx4 v[6:9], v10, s[4:7], 0 offen
  s_waitcnt vmcnt(0)
  s_endpgm
