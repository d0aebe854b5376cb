# Checker: s_getreg MODE right after s_setvskip (tests/sim/check/check_hazard_test.cpp).
s_setvskip s0, 0
s_getreg_b32 s1, hwreg(HW_REG_MODE)
s_endpgm
