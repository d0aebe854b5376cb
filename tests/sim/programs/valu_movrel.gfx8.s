# GCN 1.2 v_movrel* (VOP1 0x36-0x38 and their VOP3 forms; tests/sim/valu_ops_legacy_test.cpp).
# Inputs v1, v2, v3; v10..v45 hold 0xdeadbeef.
s_mov_b32 m0, 2
v_movrels_b32 v32, v1
v_movreld_b32 v33, v2
v_movrelsd_b32 v40, v1
s_mov_b32 m0, 1
v_movrels_b32_e64 v36, v1
v_movreld_b32_e64 v37, v3
v_movrelsd_b32_e64 v43, v2
s_endpgm
