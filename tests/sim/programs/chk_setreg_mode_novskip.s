# Checker: s_setreg of MODE bits 0-7 (round and denorm modes, not VSKIP) before a vector op: no hazard
# (tests/sim/check/check_hazard_test.cpp).
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf0
v_mov_b32 v0, 0
s_endpgm
