# A graphics-only instruction faults in compute (tests/sim/semantics/graphics_fault_test.cpp).
exp mrt0 v0, v0, v0, v0 done vm
s_endpgm
