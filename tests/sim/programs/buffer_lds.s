# LDS-direct buffer loads: LDS_ADDR = LDS_BASE + (M0&0xffff) + LANEID*4 (seed 001)
# (tests/sim/semantics/vmem_atomic_test.cpp).
s_mov_b32 m0, 0x100
buffer_load_dword v1, s[4:7], 0 offen lds
s_mov_b32 m0, 0x200
buffer_load_sbyte v1, s[4:7], 0 offen offset:3 lds
s_waitcnt vmcnt(0)
s_endpgm
