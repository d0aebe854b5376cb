#!/bin/sh
# Rebuilds the multi-kernel conformance programs' code objects and jobs with
# tests/kernels/build.sh, in this folder:
#   src/NAME.cl        -> bin/NAME.gfxNNN.hsaco  (all kernels of the program)
#   src/NAME.job.json  -> jobs/NAME.gfxNNN.json  (@ARCH@ replaced by gfxNNN)
# Needs clang-15 and the ROCm device libraries (rocm-device-libs); running the
# suite does not. Usage: build.sh [NAME...] (default: all).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
KERNELS_DIR=$here exec "$here/../../kernels/build.sh" "$@"
