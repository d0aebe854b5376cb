# Checker: s_getreg of MODE right after s_setreg of MODE (tests/sim/check/check_hazard_test.cpp).
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)
s_endpgm
