# Checker: one wait state between: enough on GCN 1.0/1.1, not on 1.2/1.4 (check_hazard_test.cpp).
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_nop 0
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_endpgm
