# gens: gfx8 gfx9
// A dependency through GPR indexing (tests/sim/semantics/gpr_index_test.cpp): the
// quarter-rate v_mul_lo_u32 writes v10 + 3 = v13 (s2 = 3, DST indexed), and
// ds_write_b32 reads v13 after indexing is off: it must wait for the multiply
// (an LDS instruction, so the SIMD's busy VALU does not hold it back anyway).
  s_set_gpr_idx_on s2, gpr_idx(DST)
  v_mul_lo_u32 v10, v1, v2
  s_set_gpr_idx_off
  ds_write_b32 v3, v13
  s_waitcnt lgkmcnt(0)
  s_endpgm
