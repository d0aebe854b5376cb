// A GWS barrier across the workgroups of a dispatch (tests/sim/gws_dispatch_test.cpp).
// s2 = workgroup id, s5 = number of workgroups N, one wave per workgroup.
// Before the barrier each workgroup writes wg+1 to GDS dword wg; after it,
// each reads the dword of workgroup (wg+1) % N, which only holds its value if
// that workgroup arrived first, and writes it to GDS dword 16 + wg.
  s_mov_b32 m0, 0xffff               // GDS window: base M0[31:16] = 0, size M0[15:0]
  s_lshl_b32 s3, s2, 2
  s_add_u32 s4, s2, 1
  v_mov_b32 v1, s3
  v_mov_b32 v2, s4
  ds_write_b32 v1, v2 gds
  s_waitcnt lgkmcnt(0)
  s_mov_b32 m0, 0                    // GWS resource base M0[21:16] = 0
  ds_gws_barrier v0 gds
  s_mov_b32 m0, 0xffff
  s_cmp_eq_u32 s4, s5
  s_cselect_b32 s6, 0, s4            // (wg + 1) % N
  s_lshl_b32 s6, s6, 2
  v_mov_b32 v3, s6
  ds_read_b32 v4, v3 gds
  s_waitcnt lgkmcnt(0)
  ds_write_b32 v1, v4 offset:64 gds
  s_waitcnt lgkmcnt(0)
  s_endpgm
