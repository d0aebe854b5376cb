// VALU issue: independent full-rate ops 4 cycles apart, quarter-rate 16; an
// independent scalar op issues at the next turn while the quarter-rate op
// runs; a VALU op reading its result waits for it (scoreboard).
  v_mov_b32 v1, 1
  v_mov_b32 v2, 2
  v_mov_b32 v3, 3
  v_mov_b32 v4, 4
  v_rcp_f32 v5, v1
  v_rcp_f32 v6, v2
  v_mov_b32 v7, 7
  v_rcp_f32 v5, v1
  s_mov_b32 s2, 5
  v_mov_b32 v8, v5
  s_endpgm
