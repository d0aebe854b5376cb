# Checker: 2 wait states between (tests/sim/check/check_hazard_test.cpp).
s_setvskip s0, 0
s_nop 1
s_getreg_b32 s1, hwreg(HW_REG_MODE)
s_endpgm
