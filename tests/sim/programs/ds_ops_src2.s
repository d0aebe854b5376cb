# DS SRC2 atomics (tests/sim/semantics/ds_atomic_test.cpp). v1 = 4*lane + (lane&3),
# v2 = 8*lane + (lane&7); before each op v5 = region base | v1 (or v2).
# 32-bit op i: A block at 512*i, B block 256 bytes above; 64-bit op j: A block
# at 8192 + 1024*j, B block 512 bytes above. Even ops take the stride from
# OFFSET (64 dwords; 129 dwords for 64-bit, B = (A+516)&~7), odd ops from
# ADDR[31:17] with OFFSET bit 15 set (other OFFSET bits ignored).
v_or_b32 v5, 0x0, v1
ds_add_src2_u32 v5 offset:64
v_or_b32 v5, 0x800200, v1
ds_sub_src2_u32 v5 offset:32773
v_or_b32 v5, 0x400, v1
ds_rsub_src2_u32 v5 offset:64
v_or_b32 v5, 0x800600, v1
ds_inc_src2_u32 v5 offset:32773
v_or_b32 v5, 0x800, v1
ds_dec_src2_u32 v5 offset:64
v_or_b32 v5, 0x800a00, v1
ds_min_src2_i32 v5 offset:32773
v_or_b32 v5, 0xc00, v1
ds_max_src2_i32 v5 offset:64
v_or_b32 v5, 0x800e00, v1
ds_min_src2_u32 v5 offset:32773
v_or_b32 v5, 0x1000, v1
ds_max_src2_u32 v5 offset:64
v_or_b32 v5, 0x801200, v1
ds_and_src2_b32 v5 offset:32773
v_or_b32 v5, 0x1400, v1
ds_or_src2_b32 v5 offset:64
v_or_b32 v5, 0x801600, v1
ds_xor_src2_b32 v5 offset:32773
v_or_b32 v5, 0x1800, v1
ds_write_src2_b32 v5 offset:64
v_or_b32 v5, 0x801a00, v1
ds_min_src2_f32 v5 offset:32773
v_or_b32 v5, 0x1c00, v1
ds_max_src2_f32 v5 offset:64
v_or_b32 v5, 0x2000, v2
ds_add_src2_u64 v5 offset:129
v_or_b32 v5, 0x1022400, v2
ds_sub_src2_u64 v5 offset:32768
v_or_b32 v5, 0x2800, v2
ds_rsub_src2_u64 v5 offset:129
v_or_b32 v5, 0x1022c00, v2
ds_inc_src2_u64 v5 offset:32768
v_or_b32 v5, 0x3000, v2
ds_dec_src2_u64 v5 offset:129
v_or_b32 v5, 0x1023400, v2
ds_min_src2_i64 v5 offset:32768
v_or_b32 v5, 0x3800, v2
ds_max_src2_i64 v5 offset:129
v_or_b32 v5, 0x1023c00, v2
ds_min_src2_u64 v5 offset:32768
v_or_b32 v5, 0x4000, v2
ds_max_src2_u64 v5 offset:129
v_or_b32 v5, 0x1024400, v2
ds_and_src2_b64 v5 offset:32768
v_or_b32 v5, 0x4800, v2
ds_or_src2_b64 v5 offset:129
v_or_b32 v5, 0x1024c00, v2
ds_xor_src2_b64 v5 offset:32768
v_or_b32 v5, 0x5000, v2
ds_write_src2_b64 v5 offset:129
v_or_b32 v5, 0x1025400, v2
ds_min_src2_f64 v5 offset:32768
v_or_b32 v5, 0x5800, v2
ds_max_src2_f64 v5 offset:129
s_waitcnt lgkmcnt(0)
s_endpgm
