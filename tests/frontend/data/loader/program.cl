// Program-scope variables (OpenCL C 2.0): initialised pointers, which the
// linker turns into dynamic relocations (R_AMDGPU_RELATIVE64, applied when
// the image is placed), and a variable every kernel of the program shares.
__global int garr[4] = {10, 20, 30, 40};
__global int *gptr = &garr[2];
__constant int ctab[4] = {10, 20, 30, 40};
__constant int ctab2[4] = {50, 60, 70, 80};
__constant int *__constant tabs[2] = {ctab, ctab2};
__global int gcount = 100;

// o = {garr[2], garr[3]} through gptr: {30, 40}.
__kernel void rel(__global int *o) {
  o[0] = *gptr;
  o[1] = gptr[1];
}

// o[i] = tabs[i & 1][i & 3]: 10, 60, 30, 80, 10, 60, 30, 80, ...
__kernel void crel(__global int *o) {
  const uint i = get_global_id(0);
  o[i] = tabs[i & 1][i & 3];
}

// gcount += 1; o[0] = gcount.
__kernel void inc(__global int *o) {
  if (get_global_id(0) == 0) {
    gcount += 1;
    o[0] = gcount;
  }
}

// o[1] = gcount; garr[3] += 1 through gptr, o[2] = garr[3].
__kernel void rd(__global int *o) {
  if (get_global_id(0) == 0) {
    o[1] = gcount;
    gptr[1] += 1;
    o[2] = garr[3];
  }
}
