// Barrier stall profile (tests/e2e/trace_profile_test.cpp). Two waves of one
// workgroup on different SIMDs: wave 1 starts at the first s_nop, wave 0 at
// `arrive` (an entry 4 x N bytes later). Each s_nop 7 takes 8 cycles
// ("(SIMM16&7)+1 cycles", GcnInstrsSopp.md), so wave 0 waits in s_barrier
// 8 cycles longer for every s_nop wave 1 executes before arriving.
  s_nop 7
  s_nop 7
  s_nop 7
  s_nop 7
arrive:
  s_barrier
  s_endpgm
