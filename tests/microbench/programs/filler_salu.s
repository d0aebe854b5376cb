// SALU filler of the padded layout (1 dword, independent of every measured instruction)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_mov_b32 s40, s41
