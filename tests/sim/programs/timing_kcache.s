// K$ latency by pointer chase (tests/sim/timing/timing_memory_test.cpp).
// s[0:1] = buffer whose first qword holds the buffer's address + 8 (same 64-byte line).
  s_memtime s[20:21]
  s_load_dwordx2 s[2:3], s[0:1], 0x0     // cold: K$ miss, L2 miss
  s_waitcnt lgkmcnt(0)
  s_memtime s[22:23]
  s_load_dwordx2 s[4:5], s[2:3], 0x0     // pointer chase into the same line: K$ hit
  s_waitcnt lgkmcnt(0)
  s_memtime s[24:25]
  s_dcache_inv
  s_waitcnt lgkmcnt(0)
  s_memtime s[26:27]
  s_load_dwordx2 s[6:7], s[2:3], 0x0     // after s_dcache_inv: K$ miss, L2 hit
  s_waitcnt lgkmcnt(0)
  s_memtime s[28:29]
  s_waitcnt lgkmcnt(0)
  s_endpgm
