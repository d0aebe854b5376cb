// Benchmark loop: VALU, LDS and scalar work, s10 iterations (v0 = lane id).
  s_mov_b32 m0, -1
  v_lshlrev_b32 v4, 2, v0
  v_mov_b32 v1, 0
  v_mov_b32 v6, 0
loop:
  v_add_f32 v1, 1.0, v1
  v_mul_f32 v2, v1, v1
  v_xor_b32 v3, v1, v2
  ds_write_b32 v4, v3
  ds_read_b32 v5, v4
  s_waitcnt lgkmcnt(0)
  v_add_f32 v6, v5, v6
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 loop
  s_endpgm
