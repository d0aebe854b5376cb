// s_buffer_load_dwordx8 on every generation (seeds 003 SMRD / 000 SMEM; range
// rule of seed 001), for tests/sim/semantics/scalar_memory_test.cpp.
// In: s[4:7] = descriptor, BASE = A + 0x40 (dword 16 of A), NUM_RECORDS = 40 bytes;
//     s2 = 0x13 (a byte offset in an SGPR on every generation); A[i] = 0x6000 + i;
//     s[8:23] = 0xdeadbeef.
// Out: s[8:13] = A[20..25] (byte offsets 16..39 of BASE), s14 = s15 = 0 (bytes 40..47
//      >= NUM_RECORDS: "Reads are zero"); s[16:23] = A[16..23] (offset 0).
  s_buffer_load_dwordx8 s[8:15], s[4:7], s2
  s_buffer_load_dwordx8 s[16:23], s[4:7], 0x0
  s_waitcnt lgkmcnt(0)
  s_endpgm
