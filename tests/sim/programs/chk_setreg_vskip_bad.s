# Checker: a vector op right after s_setreg of MODE.vskip (tests/sim/check/check_hazard_test.cpp).
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 28, 1), 0
v_mov_b32 v0, 0
s_endpgm
