# MUBUF addressing and range checks for STRIDE==0 and STRIDE!=0, TID_ENABLE,
# TFE (tests/sim/semantics/buffer_addr_test.cpp).
buffer_load_dword v10, v1, s[4:7], s8 offen
buffer_load_dword v14, v1, s[4:7], s8 offen tfe
buffer_load_dword v11, v2, s[12:15], 0 idxen offset:4
buffer_load_dword v12, v[2:3], s[12:15], 0 idxen offen
buffer_load_dword v13, off, s[16:19], 0 offset:8
s_waitcnt vmcnt(0)
buffer_store_dword v20, v1, s[4:7], s8 offen offset:4
s_waitcnt vmcnt(0)
s_endpgm
