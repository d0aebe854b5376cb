// The work-item functions of the device library, per work-item: 20 words at
// 20 * (x + y * get_global_size(0) + z * get_global_size(0) * get_global_size(1)):
// for d = 0, 1, 2 get_global_id, get_local_id, get_group_id, get_local_size,
// get_num_groups, get_global_size; then get_work_dim and get_global_offset(0).
// Code object v5 takes the sizes from the hidden arguments (hidden_block_count,
// hidden_group_size, hidden_remainder), v4 from the dispatch packet.
__kernel void geom(__global uint *o) {
  const size_t i = get_global_id(0) + get_global_id(1) * get_global_size(0) +
                   get_global_id(2) * get_global_size(0) * get_global_size(1);
  __global uint *p = o + i * 20;
  for (uint d = 0; d < 3; ++d) {
    p[d * 6 + 0] = get_global_id(d);
    p[d * 6 + 1] = get_local_id(d);
    p[d * 6 + 2] = get_group_id(d);
    p[d * 6 + 3] = get_local_size(d);
    p[d * 6 + 4] = get_num_groups(d);
    p[d * 6 + 5] = get_global_size(d);
  }
  p[18] = get_work_dim();
  p[19] = get_global_offset(0);
}
