// Running ahead (tests/sim/timing/run_ahead_test.cpp): an endless ALU loop that
// the watchdog stops; its message names the PC the timing model is at, not
// the one the wave has run ahead to.
loop:
  v_xor_b32 v1, v1, v0
  v_add_f32 v2, 1.0, v2
  s_branch loop
