// LGKM_CNT: +1 for a single-dword fetch, +2 for two or more dwords
// (seeds/000_f05d49f6c840f2a3.txt, seeds/003_d79646fcab33cb6c.txt).
  s_mov_b32 s4, 0x4444
  s_load_dword s2, s[0:1], 0x0           // LGKM_CNT 1
  s_waitcnt lgkmcnt(0)
  s_load_dwordx2 s[2:3], s[0:1], 0x0     // LGKM_CNT 2
  s_waitcnt lgkmcnt(0)
  s_load_dwordx4 s[4:7], s[0:1], 0x0     // LGKM_CNT 2
  s_waitcnt lgkmcnt(1)                   // 2 > 1: waits for the load
  s_mov_b32 s10, s4
  s_waitcnt lgkmcnt(0)
  s_endpgm
