// Conflict-free wide LDS patterns (tests/sim/timing/timing_fidelity_test.cpp):
// v0 = lane id; ds_read_b64 at lane * s4, ds_read_b128 at lane * s5,
// ds_read2_b32 at lane * 4 with OFFSET1 = 32 dwords.
# gens: gfx7 gfx8 gfx9
  s_mov_b32 m0, -1
  v_mul_u32_u24 v1, s4, v0
  v_mul_u32_u24 v2, s5, v0
  v_lshlrev_b32 v3, 2, v0
  ds_read_b64 v[4:5], v1
  ds_read_b128 v[8:11], v2
  ds_read2_b32 v[12:13], v3 offset1:32
  s_waitcnt lgkmcnt(0)
  s_endpgm
