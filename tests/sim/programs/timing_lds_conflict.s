// LDS latency with bank conflicts: lane L reads address L * s4 (v0 = lane id).
  s_mov_b32 m0, -1
  v_mul_u32_u24 v3, s4, v0
  s_memtime s[20:21]
  ds_read_b32 v1, v3
  s_waitcnt lgkmcnt(0)
  s_memtime s[22:23]
  s_waitcnt lgkmcnt(0)
  s_endpgm
