// Running ahead through LDS instructions and s_waitcnt (sim/timing/run_ahead.hpp;
// tests/sim/timing/run_ahead_test.cpp). Each wave writes its dword
// (0x4000 + 4 * v0) and its scratch dword (128 * v0), a barrier, then 16
// rounds of: three reads in flight (the other wave's dword, a pair of its own
// wave's, and its scratch dword -- every lane's in the same LDS bank, so that
// read takes ~64 extra passes and comes back long after the others), each
// consumed after the s_waitcnt lgkmcnt(N) that covers it, except
// v_xor_b32 v7, v6, v4, which reads the slow read's register one s_waitcnt
// too early (it must see the old value, as the issue-time run does); the
// round's sum goes to the scratch dword the next round reads. Then a
// write-after-write (v_mov_b32 v8 before the slow read into v8 is back: the
// return wins), and a scalar load in flight with two reads, lgkmcnt(1)
// covering the first read whatever order the scalar load returns in.
// LDS: 0x4200 bytes. s[4:7] = the buffer's resource, s8 = workgroup id,
// v0 = work-item id.
  s_mov_b32 m0, -1
  s_mul_i32 s9, s8, 0x800
  v_mad_u32_u24 v10, v0, 16, s9
  v_lshlrev_b32 v11, 2, v0
  v_or_b32 v11, 0x4000, v11
  v_lshlrev_b32 v14, 7, v0
  v_mad_u32_u24 v1, v0, 7, s8
  ds_write_b32 v11, v1
  ds_write_b32 v14, v0
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_xor_b32 v12, 0x100, v11
  v_and_b32 v13, 0x41f8, v11
  s_mov_b32 s10, 0
  v_mov_b32 v5, 0
loop:
  ds_read_b32 v2, v12
  ds_read2_b32 v[3:4], v13 offset1:1
  ds_read_b32 v6, v14
  s_waitcnt lgkmcnt(2)
  v_mad_u32_u24 v5, v5, 3, v2
  s_waitcnt lgkmcnt(1)
  v_xor_b32 v5, v5, v3
  v_xor_b32 v7, v6, v4
  v_xor_b32 v5, v5, v4
  s_waitcnt lgkmcnt(0)
  v_mad_u32_u24 v5, v5, 5, v6
  v_xor_b32 v5, v5, v7
  ds_write_b32 v14, v5
  s_add_u32 s10, s10, 1
  s_cmp_lt_u32 s10, 16
  s_cbranch_scc1 loop
  ds_read_b32 v8, v14
  v_mov_b32 v8, 3
  s_waitcnt lgkmcnt(0)
  s_load_dword s20, s[4:5], 0x0
  ds_read_b32 v2, v12
  ds_read_b32 v3, v14
  s_waitcnt lgkmcnt(1)
  v_xor_b32 v5, v5, v2
  s_waitcnt lgkmcnt(0)
  v_xor_b32 v5, v5, v3
  v_xor_b32 v5, v5, s20
  buffer_store_dwordx4 v[5:8], v10, s[4:7], 0 offen
  s_waitcnt vmcnt(0)
  s_endpgm
