// s_dcache_discard / s_dcache_discard_x2 (seed 000, GCN 1.4: "Discard one/two
// dirty scalar data cache line(s) ... Address calculated as S_STORE_DWORD with
// alignment to 64-byte boundary"), for tests/sim/semantics/scalar_memory_test.cpp. Nothing
// was stored through the scalar cache, so no line is dirty: memory and SGPRs
// stay as they were, and execution goes on. In: s[0:1] = address A, s2 = 0x47,
// other SGPRs a pattern. Out: s20 = A[16] (loaded after the discards).
  s_dcache_discard s[0:1], 0x40
  s_dcache_discard s[0:1], s2
  s_dcache_discard_x2 s[0:1], 0x80
  s_dcache_discard_x2 s[0:1], s2
  s_waitcnt lgkmcnt(0)
  s_load_dword s20, s[0:1], 0x40
  s_waitcnt lgkmcnt(0)
  s_endpgm
