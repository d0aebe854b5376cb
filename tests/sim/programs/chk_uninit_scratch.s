# Checker: undefined registers saved to the wave's scratch and loaded back, as a function's prologue and
# epilogue save and restore callee-saved registers the caller never wrote (clang -O0, calls)
# (tests/sim/check/check_uninit_bounds_test.cpp). s[0:3] is a V# over the wave's scratch, v0 the lane id.
# The save and restore of v8 are clean; v10, loaded from where undefined v9 went, is the one finding when
# read; v12, loaded after defined data replaced it, is clean.
v_lshlrev_b32 v1, 2, v0
buffer_store_dword v8, v1, s[0:3], 0 offen
buffer_load_dword v8, v1, s[0:3], 0 offen
s_waitcnt vmcnt(0)
buffer_store_dword v9, v1, s[0:3], 0 offen offset:256
buffer_load_dword v10, v1, s[0:3], 0 offen offset:256
s_waitcnt vmcnt(0)
v_mov_b32 v11, v10
buffer_store_dword v1, v1, s[0:3], 0 offen offset:256
buffer_load_dword v12, v1, s[0:3], 0 offen offset:256
s_waitcnt vmcnt(0)
v_mov_b32 v13, v12
s_endpgm
