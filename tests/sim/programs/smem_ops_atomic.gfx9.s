// GCN 1.4 scalar atomics (seed 000), for tests/sim/semantics/scalar_memory_test.cpp: all 26
// s_buffer_atomic_* and nine s_atomic_*_x2. Seed 000 pseudo-code:
//   VM = (T*)(SMEM + (OFFSET & ~3)); P = *VM; *VM = op(*VM, SDATA); SDATA = GLC ? P : SDATA
// SMEM = the SBASE address (s_atomic_*) or the descriptor BASE (s_buffer_atomic_*).
// In: s[0:1] = address A; s[4:7] = descriptor with BASE = A + 0x200, NUM_RECORDS = 0x100;
//     s2 = 82, s3 = 172, s16 = 65 (SGPR offsets); SDATA registers and memory set by the test.
// Each atomic k of a kind works on the 8-byte slot at byte 8*k of its base; the
// immediate offsets are 8*k + 3 (OFFSET & ~3 = 8*k). The last instruction is
// out of range (offset 0x100 >= NUM_RECORDS): memory untouched, P reads as zero.
  s_buffer_atomic_swap s20, s[4:7], 0x3 glc
  s_buffer_atomic_cmpswap s[22:23], s[4:7], 0xb glc
  s_buffer_atomic_add s24, s[4:7], 0x13 glc
  s_buffer_atomic_sub s25, s[4:7], 0x1b
  s_buffer_atomic_smin s26, s[4:7], 0x23 glc
  s_buffer_atomic_umin s27, s[4:7], 0x2b glc
  s_buffer_atomic_smax s28, s[4:7], 0x33 glc
  s_buffer_atomic_umax s29, s[4:7], 0x3b glc
  s_buffer_atomic_and s30, s[4:7], 0x43 glc
  s_buffer_atomic_or s31, s[4:7], 0x4b
  s_buffer_atomic_xor s32, s[4:7], s2 glc
  s_buffer_atomic_inc s33, s[4:7], 0x5b glc
  s_buffer_atomic_dec s34, s[4:7], 0x63 glc
  s_buffer_atomic_swap_x2 s[36:37], s[4:7], 0x6b glc
  s_buffer_atomic_cmpswap_x2 s[40:43], s[4:7], 0x73 glc
  s_buffer_atomic_add_x2 s[44:45], s[4:7], 0x7b glc
  s_buffer_atomic_sub_x2 s[46:47], s[4:7], 0x83 glc
  s_buffer_atomic_smin_x2 s[48:49], s[4:7], 0x8b glc
  s_buffer_atomic_umin_x2 s[50:51], s[4:7], 0x93 glc
  s_buffer_atomic_smax_x2 s[52:53], s[4:7], 0x9b glc
  s_buffer_atomic_umax_x2 s[54:55], s[4:7], 0xa3
  s_buffer_atomic_and_x2 s[56:57], s[4:7], 0xab glc
  s_buffer_atomic_or_x2 s[58:59], s[4:7], s3 offset:0x4 glc
  s_buffer_atomic_xor_x2 s[60:61], s[4:7], 0xbb glc
  s_buffer_atomic_inc_x2 s[62:63], s[4:7], 0xc3 glc
  s_buffer_atomic_dec_x2 s[64:65], s[4:7], 0xcb glc
  s_atomic_swap_x2 s[66:67], s[0:1], 0x3 glc
  s_atomic_sub_x2 s[68:69], s[0:1], 0xb glc
  s_atomic_umin_x2 s[70:71], s[0:1], 0x13 glc
  s_atomic_smax_x2 s[72:73], s[0:1], 0x1b glc
  s_atomic_umax_x2 s[74:75], s[0:1], 0x23 glc
  s_atomic_and_x2 s[76:77], s[0:1], 0x2b
  s_atomic_or_x2 s[78:79], s[0:1], 0x33 glc
  s_atomic_xor_x2 s[80:81], s[0:1], 0x3b glc
  s_atomic_dec_x2 s[82:83], s[0:1], s16 glc
  s_buffer_atomic_add s84, s[4:7], 0x100 glc
  s_waitcnt lgkmcnt(0)
  s_endpgm
