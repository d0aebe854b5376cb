// f64 math library: sin (4 ulp), exp and log (3 ulp). The first 16 work-items
// also take the sine of large arguments (the Payne-Hanek reduction path).
__kernel void math_f64(__global const double* a, __global const double* b, __global const double* big,
                       __global double* osin, __global double* oexp, __global double* olog, __global double* obig,
                       uint n, uint nbig) {
  uint i = get_global_id(0);
  if (i >= n) return;
  double x = a[i], y = b[i];
  osin[i] = sin(x);
  oexp[i] = exp(x);
  olog[i] = log(y);
  if (i < nbig) obig[i] = sin(big[i]);
}
