// Alternating VALU and SALU ops (two waves: SALU and VALU issue in the same
// cycle from different waves; on different SIMDs the waves overlap).
  v_mov_b32 v1, 1
  s_mov_b32 s2, 2
  v_mov_b32 v2, 2
  s_mov_b32 s3, 3
  v_mov_b32 v3, 3
  s_mov_b32 s4, 4
  v_mov_b32 v4, 4
  s_mov_b32 s5, 5
  s_endpgm
