// SOPK s_setreg (s2 = 0: round to nearest even, unchanged)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s2
