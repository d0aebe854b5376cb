// Registers with operand codes of their own (VCC, EXEC, M0) and the allocation's last SGPRs, all
// within 16 SGPRs; see tests/sim/semantics/sgpr_bounds_test.cpp.
s_mov_b64 vcc, exec
s_mov_b32 m0, 5
s_mov_b64 s[14:15], vcc
s_mov_b32 s13, m0
s_endpgm
