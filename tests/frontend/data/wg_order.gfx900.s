// Workgroups that run for different times, one of which faults or spins:
// the fault/watchdog determinism tests (tests/frontend/device/threads_test.cpp).
// s0 = workgroup id, s1 = the odd workgroup, s10 = 0: it spins, else it
// faults; s[2:3] = address of "out". Workgroup k loops (40 - k) * 1000
// times (3 instructions each), then the odd one misbehaves and every other
// one stores its count to out[k].
  s_mov_b32 s5, 0
  s_sub_u32 s6, 40, s0
  s_mul_i32 s6, s6, 1000
loop:
  s_add_u32 s5, s5, 1
  s_cmp_lt_u32 s5, s6
  s_cbranch_scc1 loop
  s_cmp_eq_u32 s0, s1
  s_cbranch_scc1 odd
  s_lshl_b32 s11, s0, 2
  s_add_u32 s2, s2, s11
  s_addc_u32 s3, s3, 0
  s_store_dword s5, s[2:3], 0x0
  s_dcache_wb
  s_endpgm
odd:
  s_cmp_eq_u32 s10, 0
  s_cbranch_scc1 spin
  s_mov_b32 s8, 16
  s_mov_b32 s9, 0
  s_load_dword s7, s[8:9], 0x0
  s_waitcnt lgkmcnt(0)
  s_endpgm
spin:
  s_branch spin
