// The big-buffer benchmark's kernel (tests/bench/big_buffer/run.sh): each of
// 64 work-items reads one dword of "in" and writes it plus 1 to "zero";
// nothing else of the two 1 GiB buffers is touched.
// s[0:1] = address of "in", s[2:3] = address of "zero", v0 = work-item id.
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, s1
  v_add_co_u32 v3, vcc, s0, v1
  v_addc_co_u32 v4, vcc, v2, 0, vcc
  global_load_dword v5, v[3:4], off
  s_waitcnt vmcnt(0)
  v_add_u32 v5, 1, v5
  v_mov_b32 v2, s3
  v_add_co_u32 v3, vcc, s2, v1
  v_addc_co_u32 v4, vcc, v2, 0, vcc
  global_store_dword v[3:4], v5, off
  s_endpgm
