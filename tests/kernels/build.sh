#!/bin/sh
# Rebuilds the conformance suite's code objects and job files from source:
#   src/NAME.cl        -> bin/NAME.gfxNNN.hsaco  (one kernel named NAME per file)
#   src/NAME.job.json  -> jobs/NAME.gfxNNN.json  (@ARCH@ replaced by gfxNNN)
#   src/NAME.flags     (optional) clang flags after the common ones, e.g. -O0
#   src/NAME.arches    (optional) the processors to build for instead of the four
#                      generations' (a kernel of one ISA variant: gfx906)
# The code objects are committed, so running the suite (tests/conformance/)
# needs no LLVM; only this script does: clang-15 and the ROCm device libraries
# (Debian package rocm-device-libs). Usage: build.sh [NAME...] (default: all).
# KERNELS_DIR names another folder of that layout (tests/conformance/programs/build.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "${KERNELS_DIR:-$here}"
ARCHES="gfx600 gfx700 gfx803 gfx900"
. "$here/../tools/opencl_env.sh"

if [ $# -gt 0 ]; then
  names="$*"
else
  names=$(ls src/*.cl | sed 's|src/||; s|\.cl$||')
fi
mkdir -p bin jobs
for name in $names; do
  [ -f "src/$name.job.json" ] || { echo "build.sh: src/$name.job.json missing" >&2; exit 1; }
  extra=""
  [ -f "src/$name.flags" ] && extra=$(cat "src/$name.flags")
  arches=$ARCHES
  [ -f "src/$name.arches" ] && arches=$(cat "src/$name.arches")
  for cpu in $arches; do
    clang-15 $CLFLAGS $extra -mcpu="$cpu" -o "bin/$name.$cpu.hsaco" "src/$name.cl"
    sed "s/@ARCH@/$cpu/g" "src/$name.job.json" > "jobs/$name.$cpu.json"
  done
  echo "built $name ($arches)"
done
