# gens: gfx7 gfx8 gfx9
# Checker: v_mad_u64_u32 with a 64-bit addend whose high dword (v3) nothing wrote, as LLVM emits a 32-bit
# multiply-add whose high result it drops (tests/sim/check/check_uninit_bounds_test.cpp). D = S0 * S1 + S2:
# v3 reaches only the high result dword. Reading the low result (v4) is clean; reading the high one (v9,
# from the second) is the one finding; v5, overwritten before it is read, is clean.
v_mov_b32 v2, v0
v_mad_u64_u32 v[4:5], s[2:3], v0, v0, v[2:3]
v_mov_b32 v5, 1
v_mov_b32 v6, v4
v_mov_b32 v7, v5
v_mad_u64_u32 v[8:9], s[2:3], v0, v0, v[2:3]
v_mov_b32 v10, v8
v_mov_b32 v11, v9
s_endpgm
