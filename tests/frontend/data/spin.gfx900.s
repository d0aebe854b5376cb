s_mov_b32 s2, 0
loop:
s_add_u32 s2, s2, 1
s_branch loop
s_endpgm
