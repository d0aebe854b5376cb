#!/bin/sh
# Rebuilds the benchmark's code objects from OpenCL C (tests/bench/README.md):
#   src/NAME.cl -> bin/NAME.gfx900.hsaco and bin/NAME.gfx600.hsaco
# The code objects are committed, so running the benchmark needs no LLVM; only
# this script does: clang-15 and the ROCm device libraries (Debian package
# rocm-device-libs). Usage: build.sh [NAME...] (default: all).
set -eu
cd "$(dirname "$0")"
ARCHES="gfx600 gfx900"
. ../../tools/opencl_env.sh

if [ $# -gt 0 ]; then
  names="$*"
else
  names=$(ls src/*.cl | sed 's|src/||; s|\.cl$||')
fi
mkdir -p bin
for name in $names; do
  for cpu in $ARCHES; do
    clang-15 $CLFLAGS -mcpu="$cpu" -o "bin/$name.$cpu.hsaco" "src/$name.cl"
  done
  echo "built $name ($ARCHES)"
done
