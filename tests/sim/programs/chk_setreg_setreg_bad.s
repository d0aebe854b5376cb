# Checker: two s_setreg of MODE back to back (tests/sim/check/check_hazard_test.cpp).
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_endpgm
