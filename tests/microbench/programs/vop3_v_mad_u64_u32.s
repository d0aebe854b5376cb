// VOP3 quarter rate (GCN 1.1+)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
# gens: gfx7 gfx8 gfx9
  v_mad_u64_u32 v[10:11], s[20:21], v4, v5, v[6:7]
