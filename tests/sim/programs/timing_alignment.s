// GcnTimings.md "Instruction alignment" (GCN 1.0/1.1): 2-dword instructions
// at dwords 0, 2, 4, 6 of a 32-byte block, then at dword 0 of the next
// (tests/sim/timing/timing_fidelity_test.cpp). Only the first 3 dwords of a block
// are free: the instructions at dwords 2, 4 and 6 cost 4 extra cycles.
  s_mov_b32 s1, 0x12345678
  s_mov_b32 s2, 0x12345678
  s_mov_b32 s3, 0x12345678
  s_mov_b32 s4, 0x12345678
  s_mov_b32 s5, 0x12345678
  s_endpgm
