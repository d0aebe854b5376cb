// Stall profile of SMEM waits (tests/e2e/trace_profile_test.cpp).
// s[0:1] = a buffer address. The first load misses in K$ (and L2); two SALU
// instructions issue before the wait. The second load hits the same line.
  s_load_dword s2, s[0:1], 0x0     // K$ miss
  s_mov_b32 s3, 1
  s_mov_b32 s4, 2
  s_waitcnt lgkmcnt(0)             // stalls: miss latency - 3 issue slots
  s_load_dword s5, s[0:1], 0x0     // same line: K$ hit
  s_waitcnt lgkmcnt(0)             // stalls: hit latency - 1 issue slot
  s_endpgm
