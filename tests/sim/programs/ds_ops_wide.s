# gens: gfx7 gfx8 gfx9
# DS_READ_B96/B128, DS_WRITE_B96/B128 (GCN 1.1+, seed 004; tests/sim/semantics/ds_rw_test.cpp).
# v1 = 16*lane + noise (the address is masked with ~15), v[2:5] = data.
ds_write_b96 v1, v[2:4] offset:0
ds_write_b128 v1, v[2:5] offset:1024
ds_read_b96 v[10:12], v1 offset:2048
ds_read_b128 v[13:16], v1 offset:3072
s_waitcnt lgkmcnt(0)
s_endpgm
