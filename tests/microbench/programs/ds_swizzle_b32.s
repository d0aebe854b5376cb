// DS
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  ds_swizzle_b32 v10, v4 offset:0x1f
