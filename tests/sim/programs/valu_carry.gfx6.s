// 64-bit add/sub through carry/borrow (VCC and SGPR pairs), GCN 1.0/1.1 mnemonics.
// v[1:2] + v[3:4], v[1:2] - v[3:4]; see tests/sim/semantics/valu_carry_test.cpp.
v_add_i32 v10, vcc, v1, v3
v_addc_u32 v11, vcc, v2, v4, vcc
s_mov_b64 s[20:21], vcc
v_sub_i32 v12, vcc, v1, v3
v_subb_u32 v13, vcc, v2, v4, vcc
s_mov_b64 s[22:23], vcc
v_add_i32_e64 v14, s[10:11], v1, v3
v_addc_u32_e64 v15, s[12:13], v2, v4, s[10:11]
v_subrev_i32_e64 v16, s[14:15], v3, v1
v_subbrev_u32_e64 v17, s[16:17], v4, v2, s[14:15]
s_endpgm
