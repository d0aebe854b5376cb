# Checker: VALU ops reading SGPRs nothing wrote (tests/sim/check/check_uninit_bounds_test.cpp), as clang's
# if/else leaves them when a wave skips the "then" side that computed s10/s11: the copy into a VGPR makes
# it undefined (no finding); v1 is overwritten before it is read (clean); v3 is read: the one finding, at
# the 5th v_mov_b32, after the 4th (which copied s11).
v_mov_b32 v1, s10
v_mov_b32 v1, v0
v_mov_b32 v2, v1
v_mov_b32 v3, s11
v_mov_b32 v5, v3
s_endpgm
