# gens: gfx8 gfx9
// Scalar stores (seed 000: GCN 1.2 offsets from M0 or an immediate), for
// tests/sim/semantics/scalar_program_test.cpp. In: s[0:1] = address of 16 zero dwords.
// Out: d[2] = 0x11111111 (offset M0 = 8), d[4..5] = s[4:5] (offset 0x10),
//      s[8:9] = s_memtime, s12 = d[2] read back after s_dcache_wb.
  s_mov_b32 m0, 8
  s_mov_b32 s4, 0x11111111
  s_mov_b32 s5, 0x22222222
  s_store_dword s4, s[0:1], m0
  s_store_dwordx2 s[4:5], s[0:1], 0x10
  s_dcache_wb
  s_memtime s[8:9]
  s_waitcnt lgkmcnt(0)
  s_load_dword s12, s[0:1], 0x8
  s_waitcnt lgkmcnt(0)
  s_endpgm
