# gens: gfx7 gfx8 gfx9
# DS_NOP, DS_WRAP_RTN_B32, DS_CONDXCHG32_RTN_B64 (GCN 1.1+; tests/sim/semantics/ds_rw_test.cpp).
# v1 = 4*lane (+noise), v2/v3 = DATA0/DATA1, v6 = 8*lane (+noise), v[4:5] = DATA0 (64-bit).
ds_nop
ds_wrap_rtn_b32 v10, v1, v2, v3 offset:256
ds_condxchg32_rtn_b64 v[12:13], v6, v[4:5] offset:1024
s_waitcnt lgkmcnt(0)
s_endpgm
