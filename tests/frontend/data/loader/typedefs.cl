// By-value arguments whose metadata type name is a typedef ("myfloat",
// "myuint"): nothing says whether a Python int or float is an integer or a
// float, so gcnsim refuses one (tests/python/test_errors.py), as a job file
// needs "type" for them. Built with -cl-kernel-arg-info (argument names).
typedef float myfloat;
typedef uint myuint;

__kernel void td(__global uint* o, myfloat b, myuint c) {
  o[0] = as_uint(b);
  o[1] = c;
}
