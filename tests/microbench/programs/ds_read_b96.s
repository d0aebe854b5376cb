// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
# gens: gfx7 gfx8 gfx9
  ds_read_b96 v[12:14], v3
