#!/bin/sh
# Rebuilds the code object of the LDS race test in
# tests/frontend/cli/check_cli_test.cpp from ldsrace.cl (committed, so the
# tests need no LLVM; this script needs clang-15 and rocm-device-libs,
# tests/tools/opencl_env.sh): ldsrace.gfx900.hsaco, at -O3.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
. "$here/../../../tools/opencl_env.sh"

clang-15 $CLFLAGS -O3 -mcpu=gfx900 -o ldsrace.gfx900.hsaco ldsrace.cl
echo "built ldsrace"
