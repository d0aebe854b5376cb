// Vector memory latency: DRAM (cold), L1 hit, L2 hit (after buffer_wbinvl1).
// s[4:7] = buffer resource; every lane reads offset 0 (one 64-byte line).
  v_mov_b32 v1, 0
  s_memtime s[20:21]
  buffer_load_dword v2, v1, s[4:7], 0 offen   // L1 miss, L2 miss
  s_waitcnt vmcnt(0)
  s_memtime s[22:23]
  buffer_load_dword v3, v1, s[4:7], 0 offen   // L1 hit
  s_waitcnt vmcnt(0)
  s_memtime s[24:25]
  buffer_wbinvl1
  s_waitcnt vmcnt(0)
  s_memtime s[26:27]
  buffer_load_dword v4, v1, s[4:7], 0 offen   // L1 miss, L2 hit
  s_waitcnt vmcnt(0)
  s_memtime s[28:29]
  s_waitcnt lgkmcnt(0)
  s_endpgm
