# gens: gfx7 gfx8 gfx9
// DS_GWS_SEMA_RELEASE_ALL frees a wave waiting in DS_GWS_SEMA_P
// (tests/sim/gws_dispatch_test.cpp). Two waves, v0 = dispatch-wide lane id:
// wave 0 waits on resource 1 (count 0); wave 1 releases every waiter.
  v_readfirstlane_b32 s4, v0
  s_mov_b32 m0, 0                    // GWS resource base M0[21:16] = 0
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 release
  ds_gws_sema_p offset:1 gds         // count 0: waits until the release
  s_mov_b32 s5, 0x600d               // reached only after the release
  s_endpgm
release:
  ds_gws_sema_release_all offset:1 gds
  s_mov_b32 s5, 0x1
  s_endpgm
