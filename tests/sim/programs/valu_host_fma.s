# The fused multiply-adds in the forms the driver treats differently
# (tests/sim/semantics/valu_host_fma_test.cpp runs each instruction alone, through the
# portable and the host-FMA builds): VGPR and uniform (SGPR, constant, literal)
# sources, neg/abs, clamp, omod, 64-bit, v_div_fmas with VCC.
v_fma_f32 v10, v1, v2, v3
v_fma_f32 v10, v1, s4, v3
v_fma_f32 v10, s4, v2, 0.5
v_fma_f32 v10, -v1, |v2|, -|v3|
v_fma_f32 v10, v1, v2, v3 clamp
v_fma_f32 v10, v1, v2, v3 mul:2
v_fma_f32 v10, v1, v2, v3 div:2
v_fma_f32 v3, v1, v2, v3
v_fma_f64 v[10:11], v[4:5], v[6:7], v[8:9]
v_fma_f64 v[10:11], v[4:5], s[4:5], -v[8:9]
v_fma_f64 v[10:11], v[4:5], v[6:7], v[8:9] clamp
v_div_fmas_f32 v10, v1, v2, v3
v_div_fmas_f64 v[10:11], v[4:5], v[6:7], v[8:9]
s_endpgm
