// Kernels of the Device example (examples/device/) and the multi-step job
// tests (tests/frontend/job/steps_test.cpp): host loops of dispatches.

// a[i] += step for i < n.
kernel void add_step(global int* a, int step, uint n) {
  const size_t i = get_global_id(0);
  if (i < n) a[i] += step;
}

// flag[0] = 1 if any a[i] (i < n) is below limit; flag[0] stays as it is otherwise.
kernel void any_below(global const int* a, int limit, global uint* flag, uint n) {
  const size_t i = get_global_id(0);
  if (i < n && a[i] < limit) flag[0] = 1;
}

// One Jacobi sweep of a 1-D integer heat equation with fixed ends:
// out[i] = (in[i-1] + 2 in[i] + in[i+1]) / 4 inside, out[0] = in[0], out[n-1] = in[n-1].
kernel void smooth(global const int* in, global int* out, uint n) {
  const size_t i = get_global_id(0);
  if (i >= n) return;
  out[i] = i == 0 || i == n - 1 ? in[i] : (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
}
