# Checker: SALU writes M0, then s_ttracedata at once (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 m0, 0
s_ttracedata
s_endpgm
