// DS returns in order across GDS and LDS (tests/sim/timing/timing_fidelity_test.cpp):
// a GDS read, then an LDS read; s_waitcnt lgkmcnt(1) is released only when
// the older GDS read is back, although the LDS read is faster.
  s_mov_b32 m0, 0xffff
  v_mov_b32 v0, 0
  ds_read_b32 v1, v0 gds
  ds_read_b32 v2, v0
  s_waitcnt lgkmcnt(1)
  s_waitcnt lgkmcnt(0)
  s_endpgm
