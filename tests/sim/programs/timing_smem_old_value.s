// Reading an SMEM destination before s_waitcnt gives the old value (the
// data is written when it returns; seeds/000_f05d49f6c840f2a3.txt).
  s_mov_b32 s2, 0x2222
  s_load_dword s2, s[0:1], 0x0
  s_mov_b32 s10, s2                      // before s_waitcnt: old value
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s11, s2                      // after: the loaded value
  s_endpgm
