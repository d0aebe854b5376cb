# Checker: 2 wait states between (tests/sim/check/check_hazard_test.cpp).
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 28, 1), 0
s_nop 1
v_mov_b32 v0, 0
s_endpgm
