// SOP1 saveexec (s[8:9] = all ones: EXEC unchanged)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_and_saveexec_b64 s[10:11], s[8:9]
