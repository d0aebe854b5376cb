// Running ahead (tests/sim/timing/run_ahead_test.cpp): an instruction executed
// ahead faults (s_movrels_b32 reads SGPR 1 + M0, beyond the scalar file); the
// fault is the wave's when that instruction issues, as without running ahead.
  v_mov_b32 v1, 5
  v_xor_b32 v2, v1, v0
  s_mov_b32 m0, 200
  v_xor_b32 v3, v2, v0
  s_movrels_b32 s4, s1
  v_mov_b32 v5, 1
  s_endpgm
