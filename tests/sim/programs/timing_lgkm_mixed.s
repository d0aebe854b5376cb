// Stall attribution of a mixed SMEM + LDS wait (tests/e2e/trace_profile_test.cpp):
// an SMEM K$ miss, then an LDS read; lgkmcnt(1) is released by the LDS
// return (the younger operation), lgkmcnt(0) by the SMEM return.
  s_mov_b32 m0, -1
  s_load_dword s4, s[0:1], 0x0
  v_mov_b32 v0, 0
  ds_read_b32 v1, v0
  s_waitcnt lgkmcnt(1)
  s_waitcnt lgkmcnt(0)
  s_endpgm
