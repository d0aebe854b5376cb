// LDS returns in order: after two ds_reads, lgkmcnt(1) guarantees the first
// even when it is the slower one (32-way bank conflict vs a broadcast).
// v0 = lane id.
  s_mov_b32 m0, -1
  v_mov_b32 v1, 0x1111
  v_mov_b32 v2, 0x2222
  v_lshlrev_b32 v3, 7, v0                // lane * 128: every lane in bank 0
  v_mov_b32 v4, 0
  ds_read_b32 v1, v3                     // slow
  ds_read_b32 v2, v4 offset:4            // fast (broadcast)
  s_waitcnt lgkmcnt(1)
  v_mov_b32 v5, v1                       // the first read is back
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v6, v2
  s_endpgm
