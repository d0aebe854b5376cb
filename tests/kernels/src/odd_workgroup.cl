// Work-groups of 96 (one full and one half wave) over a grid of 1000 that is
// not a work-group multiple: the last work-group has 40 work-items. __local
// atomics and barriers across both waves.
__kernel void odd_workgroup(__global const int* in, __global int* stats, __global int* rel) {
  __local int lmax, lmin, lsum;
  __local uint lcount;
  uint lid = get_local_id(0), gid = get_global_id(0);
  if (lid == 0) {
    lmax = INT_MIN;
    lmin = INT_MAX;
    lsum = 0;
    lcount = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = in[gid];
  atomic_max(&lmax, x);
  atomic_min(&lmin, x);
  atomic_add(&lsum, x);
  atomic_inc(&lcount);
  barrier(CLK_LOCAL_MEM_FENCE);
  rel[gid] = x - lmin + (lmax >> 8);
  if (lid == 0) {
    uint g = get_group_id(0);
    stats[g * 4 + 0] = lmax;
    stats[g * 4 + 1] = lmin;
    stats[g * 4 + 2] = lsum;
    stats[g * 4 + 3] = (int)lcount;
  }
}
