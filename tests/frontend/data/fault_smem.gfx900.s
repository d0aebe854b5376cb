s_load_dword s2, s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_endpgm
