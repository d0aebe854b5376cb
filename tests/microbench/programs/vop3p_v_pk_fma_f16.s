// VOP3P (GCN 1.4)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
# gens: gfx9
  v_pk_fma_f16 v10, v4, v5, v6
