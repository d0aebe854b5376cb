# gens: gfx8 gfx9
# DS_ADD_SRC2_F32 (GCN 1.2+; tests/sim/semantics/ds_atomic_test.cpp), layout of
# ds_ops_src2.s op 0: A block at 0, stride 64 dwords from OFFSET.
v_or_b32 v5, 0x0, v1
ds_add_src2_f32 v5 offset:64
s_waitcnt lgkmcnt(0)
s_endpgm
