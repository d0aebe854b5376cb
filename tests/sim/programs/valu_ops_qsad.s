# gens: gfx7 gfx8 gfx9
// GCN 1.1+ quad SADs; see tests/sim/semantics/valu_int_test.cpp.
v_qsad_pk_u16_u8 v[20:21], v[4:5], v2, v[6:7]
v_mqsad_u32_u8 v[24:27], v[4:5], v2, v[30:33]
s_endpgm
