// LDS bank-conflict probe (README "Memory pipes", LDS; tests/e2e/lds_probe_test.cpp).
// One work-group of 256 work-items (4 waves); each wave runs 64 iterations of
// 8 ds_read_b32, 2,048 wave reads in all; lane l of work-item t reads LDS
// dword t * STRIDE / 4. Built for gfx900 (raw code, no code object):
//   llvm-mc-15 -arch=amdgcn -mcpu=gfx900 -filetype=obj --defsym STRIDE=4 lds_probe.s -o unit.o
//   llvm-objcopy-15 -O binary --only-section=.text unit.o lds_probe_unit.gfx900.bin
// and with --defsym STRIDE=128 as lds_probe_bank.gfx900.bin.
// STRIDE 4: unit stride (work-item t at dword t); STRIDE 128: one bank
// (work-item t at dword 32 t, bank 0 of 32). Initial state (the jobs' "setup"):
// v0 = work-item id x.
  v_mul_u32_u24 v1, STRIDE, v0       // v1 = byte address
  s_mov_b32 m0, -1                   // LDS limit (GCN 1.0-1.2; harmless on gfx900)
  s_mov_b32 s10, 64                  // iterations
loop:
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  ds_read_b32 v2, v1
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 loop
  s_waitcnt lgkmcnt(0)
  s_endpgm
