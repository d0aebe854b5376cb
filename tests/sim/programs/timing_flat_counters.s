// FLAT counts on VM_CNT and LGKM_CNT (tests/sim/timing/timing_fidelity_test.cpp):
// every lane loads the dword at s[0:1]; s_waitcnt lgkmcnt(0) alone must cover it.
# gens: gfx7 gfx8 gfx9
  v_mov_b32 v0, s0
  v_mov_b32 v1, s1
  flat_load_dword v2, v[0:1]
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, v2
  s_endpgm
