#!/bin/sh
# Rebuilds the code objects of tests/e2e/loader_test.cpp from the OpenCL C
# sources here (committed, so the tests need no LLVM; this script needs
# clang-15, ld.lld-15 and rocm-device-libs, tests/tools/opencl_env.sh):
#   geom.gfx900.v4.hsaco, geom.gfx900.v5.hsaco, geom.gfx803.v5.hsaco
#   program.gfx900.hsaco   (-cl-std=CL2.0: program-scope variables, .rela.dyn)
#   reqd.gfx900.hsaco, vecargs.gfx900.hsaco, reach.gfx900.hsaco
#   typedefs.gfx900.hsaco  (-cl-kernel-arg-info: typedef type names; tests/python/test_errors.py)
# Code object v5: clang-15's driver links with ld.lld, which on Debian is
# ld.lld-14 and refuses v5 objects ("unknown abi version"), so the object is
# compiled with -c and linked with ld.lld-15 -shared.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
. "$here/../../../tools/opencl_env.sh"

v5() {  # v5 SRC OUT CPU [flags]
  src=$1 out=$2 cpu=$3
  shift 3
  clang-15 $CLFLAGS "$@" -mcpu="$cpu" -mcode-object-version=5 -c -o "$out.o" "$src"
  ld.lld-15 -shared -o "$out" "$out.o"
  rm -f "$out.o"
}

clang-15 $CLFLAGS -mcpu=gfx900 -mcode-object-version=4 -o geom.gfx900.v4.hsaco geom.cl
v5 geom.cl geom.gfx900.v5.hsaco gfx900
v5 geom.cl geom.gfx803.v5.hsaco gfx803
clang-15 $CLFLAGS -cl-std=CL2.0 -mcpu=gfx900 -o program.gfx900.hsaco program.cl
clang-15 $CLFLAGS -mcpu=gfx900 -o reqd.gfx900.hsaco reqd.cl
clang-15 $CLFLAGS -mcpu=gfx900 -o vecargs.gfx900.hsaco vecargs.cl
clang-15 $CLFLAGS -mcpu=gfx900 -o reach.gfx900.hsaco reach.cl
clang-15 $CLFLAGS -cl-kernel-arg-info -mcpu=gfx900 -o typedefs.gfx900.hsaco typedefs.cl
echo "built geom, program, reqd, vecargs, reach, typedefs"
