# Checker: reads of v5 and s7, which nothing wrote, and of v0/s0, which the dispatch set
# (tests/sim/check/check_uninit_bounds_test.cpp).
v_mov_b32 v1, v0
s_mov_b32 s1, s0
v_mov_b32 v2, v5
s_mov_b32 s2, s7
v_mov_b32 v3, v1
s_endpgm
