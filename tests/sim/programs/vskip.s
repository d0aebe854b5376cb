// VSKIP (tests/sim/semantics/vector_modes_test.cpp). S_SETVSKIP: "If bit in SSRC0 with
// specified number (SSRC1&31) is set enable VSKIP mode (skip all vector
// instructions), otherwise disable VSKIP mode" (GcnInstrsSopc.md).
// s0 = 4 (bit 2 set), v1 = 0, v2 = lane * 4, v3 = 0x77, M0 = -1.
  s_setvskip s0, 2             // bit 2 of s0: VSKIP on
  v_mov_b32 v1, 5              // skipped
  ds_write_b32 v2, v3          // skipped
  s_mov_b32 s1, 7              // scalar: executes
  v_add_f32 v1, 1.0, v1        // skipped
  s_setvskip s0, 0             // bit 0 of s0 is clear: VSKIP off
  v_mov_b32 v4, 9              // executes
  ds_write_b32 v2, v3 offset:256
  s_waitcnt lgkmcnt(0)
  s_endpgm
