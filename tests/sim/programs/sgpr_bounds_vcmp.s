// A VOP3 compare writing its mask to s[20:21], past a 16-SGPR allocation;
// see tests/sim/semantics/sgpr_bounds_test.cpp.
v_cmp_eq_u32_e64 s[20:21], v0, v1
s_endpgm
