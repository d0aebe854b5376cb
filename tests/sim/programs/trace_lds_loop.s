// Stall profile of an LDS loop (tests/e2e/trace_profile_test.cpp): three
// iterations of one ds_read_b32 at lane address L * s4 and its wait; s4 = 4
// is conflict-free, s4 = 8 a 2-way bank conflict in each 32-lane half.
  s_mov_b32 m0, -1
  v_mul_u32_u24 v3, s4, v0
  s_mov_b32 s6, 3
loop:
  ds_read_b32 v1, v3
  s_waitcnt lgkmcnt(0)
  s_sub_u32 s6, s6, 1
  s_cmp_lg_u32 s6, 0
  s_cbranch_scc1 loop
  s_endpgm
