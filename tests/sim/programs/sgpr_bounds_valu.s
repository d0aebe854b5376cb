// A VALU SGPR source (s40) past a 16-SGPR allocation; see tests/sim/semantics/sgpr_bounds_test.cpp.
v_add_f32 v1, s40, v0
s_endpgm
