// One s_waitcnt waiting on both counters (tests/e2e/trace_profile_test.cpp).
// s[0:1] = buffer address (K$ miss), s[4:7] = buffer resource (L1, L2 miss), v1 = 0.
  s_load_dword s2, s[0:1], 0x0
  buffer_load_dword v2, v1, s[4:7], 0 offen
  s_waitcnt vmcnt(0) lgkmcnt(0)     // lgkm and vm unsatisfied, then vm only
  s_endpgm
