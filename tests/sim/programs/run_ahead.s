// Running ahead (sim/timing/run_ahead.hpp; tests/sim/timing/run_ahead_test.cpp):
// ALU runs the timing model executes ahead of their issue -- a counted loop
// with a taken backward branch, EXEC narrowed and restored, VCC written by
// compares and read by v_cndmask and s_cbranch_vccz -- cut by a buffer load
// (with it in flight the instructions that do not touch its register run
// ahead; v_mov_b32 v14, v6 reads the register before s_waitcnt, after enough
// quarter-rate v_exp_f32 for the data to be back when it issues, though not when the
// ones before it could run ahead: it must not), s_waitcnt, an LDS round trip
// between the workgroup's two waves and a barrier. Each work-item loads one
// dword and stores four at 16 * (128 * s8 + v0): s8 = workgroup id, v0 =
// work-item id, s[4:7] = the buffer's resource.
  s_mul_i32 s9, s8, 0x800
  v_mad_u32_u24 v10, v0, 16, s9
  v_mov_b32 v1, v0
  v_mov_b32 v2, 1
  s_mov_b32 s10, 0
loop:
  v_mad_u32_u24 v2, v2, 3, v1
  v_and_b32 v2, 0xffff, v2
  v_xor_b32 v3, v2, v0
  v_cmp_gt_u32 vcc, v3, v1
  v_cndmask_b32 v4, v1, v3, vcc
  s_and_saveexec_b64 s[12:13], vcc
  v_max_u32 v5, v4, v2
  s_mov_b64 exec, s[12:13]
  s_add_u32 s10, s10, 1
  s_cmp_lt_u32 s10, 20
  s_cbranch_scc1 loop
  buffer_load_dword v6, v10, s[4:7], 0 offen
  v_xor_b32 v7, v2, v5
  v_mul_u32_u24 v13, v7, 3
  v_and_b32 v13, 0xff, v13
  v_or_b32 v13, v13, v0
  .rept 20
  v_exp_f32 v16, v16
  .endr
  v_mov_b32 v14, v6
  v_xor_b32 v15, v14, v13
  s_waitcnt vmcnt(0)
  v_xor_b32 v6, v6, v7
  v_xor_b32 v6, v6, v15
  v_lshlrev_b32 v11, 2, v0
  s_mov_b32 m0, -1
  ds_write_b32 v11, v6
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_xor_b32 v12, 0x100, v11
  ds_read_b32 v8, v12
  s_waitcnt lgkmcnt(0)
  v_cmp_lt_u32 vcc, 0x10000, v8
  s_cbranch_vccz small
  v_mov_b32 v8, 7
small:
  v_max_u32 v9, v8, v5
  buffer_store_dwordx4 v[6:9], v10, s[4:7], 0 offen
  s_waitcnt vmcnt(0)
  s_endpgm
