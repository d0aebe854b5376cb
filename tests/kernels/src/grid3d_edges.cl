// An 11 x 7 x 5 grid in 4 x 4 x 2 work-groups: partial work-groups on every edge.
__kernel void grid3d_edges(__global uint* ids, __global uint* groups, __global float* vals) {
  uint gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
  uint idx = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
  ids[idx] = gx | (gy << 8) | (gz << 16) | (get_local_id(0) << 24) | (get_local_id(1) << 27) |
             (get_local_id(2) << 30);
  groups[idx] = get_group_id(0) | (get_group_id(1) << 4) | (get_group_id(2) << 8) | (get_num_groups(0) << 12) |
                (get_num_groups(1) << 16) | (get_num_groups(2) << 20) | (get_work_dim() << 24);
  vals[idx] = (float)gx * 0.5f - (float)(gy * gz);
}
