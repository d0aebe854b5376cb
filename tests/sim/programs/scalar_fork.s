# gens: gfx6 gfx7 gfx8
// s_cbranch_g_fork / s_cbranch_join (seed 002 pseudo-code), for
// tests/sim/semantics/scalar_program_test.cpp. EXEC = 0xff, condition mask 0x0f: 4 lanes
// pass, 4 fail, so the passing side runs first (EXEC = 0x0f, s31 |= EXEC), the
// join pops EXEC = 0xf0 and the failing side runs (s30 |= EXEC); the second
// join finds CSP == saved CSP and falls through.
  s_mov_b32 exec_lo, 0xff
  s_mov_b32 exec_hi, 0
  s_mov_b32 s30, 0
  s_mov_b32 s31, 0
  s_getreg_b32 s20, hwreg(HW_REG_MODE, 29, 3)
  s_getpc_b64 s[12:13]
base:
  s_add_u32 s12, s12, passed - base
  s_addc_u32 s13, s13, 0
  s_mov_b32 s10, 0x0f
  s_mov_b32 s11, 0
  s_cbranch_g_fork s[10:11], s[12:13]
  s_or_b32 s30, s30, exec_lo
  s_branch join
passed:
  s_or_b32 s31, s31, exec_lo
join:
  s_cbranch_join s20
  s_getreg_b32 s21, hwreg(HW_REG_MODE, 29, 3)
  s_endpgm
