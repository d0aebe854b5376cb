// Three dynamic __local arguments of different element types (short, double,
// uint) and sizes: each must be laid out with its own alignment.
__kernel void local_args_mixed(__global const int* in, __global double* out, __local short* ls,
                               __local double* ld, __local uint* lu) {
  uint gid = get_global_id(0), lid = get_local_id(0), n = get_local_size(0);
  int x = in[gid];
  ls[lid] = (short)x;
  ld[lid] = (double)x * 0.25;
  lu[lid] = (uint)x ^ 0xabcdu;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = (double)ls[(lid + 1) % n] + ld[(lid + 3) % n] + (double)lu[n - 1 - lid];
}
