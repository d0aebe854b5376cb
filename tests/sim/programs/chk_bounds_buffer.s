# Checker: a buffer load at VGPR offset v0 from the V# in s[0:3] (tests/sim/check/check_uninit_bounds_test.cpp).
buffer_load_dword v1, v0, s[0:3], 0 offen
s_waitcnt vmcnt(0)
s_endpgm
