// VOP1 v_swap_b32 (GCN 1.4 only): four swaps of distinct pairs, no dependence between consecutive ones
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
# gens: gfx9
  v_swap_b32 v10, v11
  v_swap_b32 v12, v13
  v_swap_b32 v14, v15
  v_swap_b32 v16, v17
