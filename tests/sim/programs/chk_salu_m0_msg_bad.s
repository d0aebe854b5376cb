# Checker: SALU writes M0, then s_sendmsg at once (tests/sim/check/check_hazard_test.cpp).
s_mov_b32 m0, 0
s_sendmsg sendmsg(MSG_INTERRUPT)
s_waitcnt lgkmcnt(0)
s_endpgm
