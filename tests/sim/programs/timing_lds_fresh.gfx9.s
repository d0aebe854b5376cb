// Each workgroup's LDS starts zeroed, also on a CU that reuses a finished
// workgroup's storage (sim/timing/cu_group.cpp): lane L of a one-wave
// workgroup reads LDS dword L before anything wrote it, stores what it read
// to out[wg * 64 + L] (s[0:1] = out, s4 = workgroup id, v0 = lane), then
// writes -1 there for the next workgroup to (not) see.
  s_mov_b32 m0, -1
  v_lshlrev_b32 v1, 2, v0
  ds_read_b32 v2, v1
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, -1
  ds_write_b32 v1, v3
  s_lshl_b32 s5, s4, 8
  v_add_u32 v1, s5, v1
  v_mov_b32 v4, s1
  v_add_co_u32 v5, vcc, s0, v1
  v_addc_co_u32 v6, vcc, 0, v4, vcc
  global_store_dword v[5:6], v2, off
  s_waitcnt vmcnt(0) lgkmcnt(0)
  s_endpgm
