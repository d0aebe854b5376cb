// A kernel compiled for one work-group size only (reqd_work_group_size):
// o[2 * i] = get_local_size(0), o[2 * i + 1] = get_local_size(1).
__kernel __attribute__((reqd_work_group_size(8, 4, 1))) void reqd(__global uint *o) {
  const uint i = get_global_id(0) + get_global_id(1) * get_global_size(0);
  o[i * 2] = get_local_size(0);
  o[i * 2 + 1] = get_local_size(1);
}
