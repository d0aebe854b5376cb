// GCN 1.4 scalar scratch loads/stores (seed 000: "SDATA = *(UINT32*)(SMEM +
// (OFFSET & ~3) + (SGPROFFSET & ~3)*64)"; SMEM = the SBASE address), for
// tests/sim/semantics/scalar_memory_test.cpp. In: s[0:1] = address of 256 dwords, d[i] = 0x5000 + i.
//   s20 = 6   -> (6 & ~3)*64   = 256 bytes = dword 64
//   s21 = 9   -> (9 & ~3)*64   = 512 bytes = dword 128
//   s22 = 0xd -> (13 & ~3)*64  = 768 bytes = dword 192
// Out: s4 = d[64]; s[6:7] = d[4..5]; s[8:11] = d[68..71];
//      d[128] = s30, d[129..130] = s[30:31], d[200..203] = s[32:35].
  s_mov_b32 s20, 6
  s_mov_b32 s21, 9
  s_mov_b32 s22, 0xd
  s_scratch_load_dword s4, s[0:1], s20             // IMM=0: SGPROFFSET only
  s_scratch_load_dwordx2 s[6:7], s[0:1], 0x13      // IMM=1: 0x13 & ~3 = 0x10
  s_scratch_load_dwordx4 s[8:11], s[0:1], s20 offset:0x13  // IMM=1 SOE=1: 0x10 + 256
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s30, 0xaaaa0001
  s_mov_b32 s31, 0xaaaa0002
  s_mov_b32 s32, 0xbbbb0000
  s_mov_b32 s33, 0xbbbb0001
  s_mov_b32 s34, 0xbbbb0002
  s_mov_b32 s35, 0xbbbb0003
  s_scratch_store_dword s30, s[0:1], s21           // 512 -> d[128]
  s_scratch_store_dwordx2 s[30:31], s[0:1], s21 offset:0x7   // 4 + 512 -> d[129..130]
  s_scratch_store_dwordx4 s[32:35], s[0:1], s22 offset:0x22  // 0x20 + 768 -> d[200..203]
  s_waitcnt lgkmcnt(0)
  s_endpgm
