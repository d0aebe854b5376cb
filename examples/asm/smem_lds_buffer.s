// Hand-written GCN kernel, run as raw machine code (no code object).
// Built by ../build.sh for gfx600, gfx700, gfx803 and gfx900:
//   llvm-mc-15 -arch=amdgcn -mcpu=gfxNNN --defsym GEN=N --defsym SMEM_UNITS=U
// GEN is the gfx generation (6, 7, 8, 9); SMEM_UNITS is 4 on gfx6/gfx7, whose
// SMRD offsets count dwords, and 1 on gfx8/gfx9, whose SMEM offsets count bytes.
//
// Initial state (set by the job's "setup" block):
//   s[0:1]  address of the "params" buffer: u32 a, b, c, d, e, f, g
//   s[4:7]  buffer resource of the "out" buffer
//   s9      work-group id x
//   v0      work-item id x (the work-group has 64 work-items, one wave)
//   m0      0xffffffff (LDS limit for DS instructions on gfx6-gfx8)
// Result: out[wg * 64 + tid] = (63 - tid) * a + b + c
  s_load_dwordx4 s[12:15], s[0:1], 0x0              // s12 = a, s13 = b, s14 = c, s15 = d
  s_load_dwordx2 s[16:17], s[0:1], 16 / SMEM_UNITS  // s16 = e, s17 = f (loaded, unused)
  s_load_dword s18, s[0:1], 24 / SMEM_UNITS         // s18 = g (loaded, unused)
  v_lshlrev_b32 v1, 2, v0                           // v1 = tid * 4
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v5, s13
  v_mad_u32_u24 v2, v0, s12, v5                     // v2 = tid * a + b
  ds_write_b32 v1, v2                               // lds[tid] = v2
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_xor_b32 v3, 0xfc, v1                            // v3 = (63 - tid) * 4
  ds_read_b32 v4, v3                                // v4 = lds[63 - tid]
  s_lshl_b32 s19, s9, 8                             // s19 = wg * 256 bytes
  s_waitcnt lgkmcnt(0)
.if GEN == 9
  v_add_u32 v4, s14, v4                             // v4 += c
.elseif GEN == 8
  v_add_u32 v4, vcc, s14, v4
.else
  v_add_i32 v4, vcc, s14, v4
.endif
  buffer_store_dword v4, v1, s[4:7], s19 offen      // out[s19 + tid * 4] = v4
  s_endpgm
