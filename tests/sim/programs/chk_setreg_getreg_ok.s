# Checker: 2 wait states between (tests/sim/check/check_hazard_test.cpp).
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_nop 1
s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)
s_endpgm
