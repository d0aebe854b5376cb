// LDS races between the two waves of a 128-work-item work-group with no
// s_barrier (tests/frontend/cli/check_cli_test.cpp; s[l] is out of bounds for
// l >= 64, as a user's probe had it): each wave writes t[] and reads the other
// wave's half of it. Which lane's dword the checker meets first depends on how
// the engine interleaves the waves; the finding names the lowest.
__kernel void ldsrace(__global int* o) {
  __local int s[64];
  uint l = get_local_id(0);
  s[l] = l;
  o[get_global_id(0)] = s[(l + 64) & 127 & 63];
  __local int t[128];
  t[l] = l;
  o[get_global_id(0)] += t[127 - l];
}
