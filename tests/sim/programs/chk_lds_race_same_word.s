# Checker: both waves write LDS word 0 and read it back with no barrier (check_race_test.cpp). Functional
# mode runs wave 0 to its end first, timing mode interleaves them; the findings (write/write, write/read)
# must name wave 0, the lowest wave of each race, in both.
s_mov_b32 m0, -1
v_mov_b32 v1, 0
ds_write_b32 v1, v0
s_waitcnt lgkmcnt(0)
ds_read_b32 v3, v1
s_waitcnt lgkmcnt(0)
s_endpgm
