// SOPK s_setreg_imm32 (2 dwords: literal)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
