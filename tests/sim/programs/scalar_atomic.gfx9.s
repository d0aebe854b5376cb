// GCN 1.4 scalar atomics (seed 000), for tests/sim/semantics/scalar_program_test.cpp.
// In: s[0:1] = address of 16 dwords, d[0] = 40. Out: d[0] = 42 then 50,
//     s4 = 40 (GLC return), s5 = 8 (no GLC: SDATA kept); d[2..3] = 64-bit inc.
  s_mov_b32 s4, 2
  s_atomic_add s4, s[0:1], 0x0 glc
  s_mov_b32 s5, 8
  s_atomic_add s5, s[0:1], 0x0
  s_mov_b64 s[6:7], -1
  s_atomic_inc_x2 s[6:7], s[0:1], 0x8
  s_waitcnt lgkmcnt(0)
  s_endpgm
