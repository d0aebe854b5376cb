#!/bin/sh
# Rebuilds the benchmark's code objects from OpenCL C (tests/bench/README.md):
#   src/NAME.cl -> bin/NAME.gfx900.hsaco and bin/NAME.gfx600.hsaco
# The code objects are committed, so running the benchmark needs no LLVM; only
# this script does: clang-15 and the ROCm device libraries (Debian package
# rocm-device-libs). Usage: build.sh [NAME...] (default: all).
set -eu
cd "$(dirname "$0")"
DEVICE_LIBS=${DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
ARCHES="gfx600 gfx900"

command -v clang-15 >/dev/null 2>&1 || { echo "build.sh: clang-15 not found (apt-get install clang-15 lld-15)" >&2; exit 1; }
[ -f "$DEVICE_LIBS/opencl.bc" ] || { echo "build.sh: ROCm device libraries not found in $DEVICE_LIBS (apt-get install rocm-device-libs, or set DEVICE_LIBS)" >&2; exit 1; }

# The same flags as tests/kernels/build.sh and examples/build.sh (clang-15 default: code object v4).
CLFLAGS="-target amdgcn-amd-amdhsa -O2 -cl-std=CL1.2 -Xclang -finclude-default-header --rocm-device-lib-path=$DEVICE_LIBS"

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
