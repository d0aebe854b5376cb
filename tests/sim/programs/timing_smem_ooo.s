// SMEM returns out of order: a later K$ hit returns before an earlier miss.
  s_movk_i32 s8, 0x100                   // byte offsets in SGPRs: the same on SMRD and SMEM
  s_movk_i32 s9, 0x40
  s_load_dword s3, s[0:1], s9            // warm the line at +64
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s2, 0x2222
  s_mov_b32 s3, 0x3333
  s_load_dword s2, s[0:1], s8            // K$ miss
  s_load_dword s3, s[0:1], s9            // K$ hit: back first
  s_waitcnt lgkmcnt(1)                   // released by the hit
  s_mov_b32 s10, s2                      // the miss is still out: old value
  s_mov_b32 s11, s3                      // the hit's data
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s12, s2
  s_endpgm
