# gens: gfx8 gfx9
// Scalar stores with M0 and immediate offsets (seed 000: "It accepts only
// offset as M0 or any immediate" on GCN 1.2), for tests/sim/semantics/scalar_memory_test.cpp.
// In: s[0:1] = address A of 64 zero dwords; s[4:7] = descriptor, BASE = A + 0x80
//     (dword 32), NUM_RECORDS = 16 bytes; s[8:11] = 0x7000..0x7003.
// Out: A[5..8] = s[8:11] (M0 = 0x16, & ~3 = 0x14); A[12..15] = s[8:11] (0x31 & ~3);
//      A[32] = s9; A[33..34] = s[10:11]; A[35] = s8; A[36] = A[37] = 0
//      (byte offsets 16 and 20 of the buffer are >= NUM_RECORDS: writes ignored).
  s_mov_b32 m0, 0x16
  s_store_dwordx4 s[8:11], s[0:1], m0
  s_store_dwordx4 s[8:11], s[0:1], 0x31
  s_buffer_store_dword s8, s[4:7], m0          // byte 20: out of range
  s_buffer_store_dword s9, s[4:7], 0x2         // byte 0
  s_mov_b32 m0, 4
  s_buffer_store_dwordx2 s[10:11], s[4:7], m0  // bytes 4, 8
  s_buffer_store_dwordx2 s[8:9], s[4:7], 0xc   // byte 12; byte 16 out of range
  s_waitcnt lgkmcnt(0)
  s_endpgm
