# gens: gfx8 gfx9
// Scalar stores with an SGPR (not M0) offset: seed 000 "S_STORE_* and
// S_BUFFER_STORE_* accepts only M0 as offset register for GCN 1.2. In GCN 1.4
// S_STORE_* and S_BUFFER_STORE_* accepts also SGPR as offset register."
// For tests/sim/semantics/scalar_memory_test.cpp. In: s[0:1] = address A of 64 zero dwords;
// s[4:7] = descriptor, BASE = A + 0x80, NUM_RECORDS = 64; s7 = 0x21; s[8:11] = 0x9000..0x9003.
// Out gfx9: A[8..11] = s[8:11]; A[40..41] = s[8:9]. gfx8: a fault at the first store.
  s_store_dwordx4 s[8:11], s[0:1], s7
  s_buffer_store_dwordx2 s[8:9], s[4:7], s7
  s_waitcnt lgkmcnt(0)
  s_endpgm
