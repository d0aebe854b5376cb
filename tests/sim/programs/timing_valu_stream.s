// Eight independent VALU ops (tests/sim/timing/timing_fidelity_test.cpp: issue
// arbitration between two waves on one SIMD).
  v_mov_b32 v1, 1
  v_mov_b32 v2, 2
  v_mov_b32 v3, 3
  v_mov_b32 v4, 4
  v_mov_b32 v5, 5
  v_mov_b32 v6, 6
  v_mov_b32 v7, 7
  v_mov_b32 v8, 8
  s_endpgm
