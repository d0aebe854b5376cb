// A 37 x 23 grid in 8 x 4 work-groups: partial work-groups on the right and
// bottom edges. Each work-item records its ids.
__kernel void grid2d_edges(__global uint* ids, __global uint* sizes) {
  uint gx = get_global_id(0), gy = get_global_id(1);
  uint w = get_global_size(0);
  uint idx = gy * w + gx;
  ids[idx] = gx | (gy << 8) | (get_local_id(0) << 16) | (get_local_id(1) << 20) | (get_group_id(0) << 24) |
             (get_group_id(1) << 28);
  sizes[idx] = get_num_groups(0) | (get_num_groups(1) << 8) | (get_global_size(1) << 16) | (get_work_dim() << 28);
}
