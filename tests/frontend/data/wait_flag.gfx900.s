// Workgroup 0 waits for a flag that workgroup 1 sets (with an atomic, so the
// functional engine runs the workgroups one after another, in index order):
// on the GPU and in timing mode both are resident and the kernel ends; in
// functional mode workgroup 0 spins forever, re-reading the same zero, and
// the no-progress watchdog must stop it (tests/frontend/cli/run_control_test.cpp).
// s0 = workgroup id, s[2:3] = address of "flag".
  s_cmp_eq_u32 s0, 0
  s_cbranch_scc0 producer
wait:
  s_load_dword s4, s[2:3], 0x0 glc
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc1 wait
  s_endpgm
producer:
  s_mov_b32 s4, 1
  s_atomic_swap s4, s[2:3], 0x0
  s_waitcnt lgkmcnt(0)
  s_endpgm
