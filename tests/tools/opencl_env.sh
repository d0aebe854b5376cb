# Sourced by the scripts that compile OpenCL C kernels into committed code
# objects (tests/kernels/build.sh, tests/bench/kernels/build.sh): checks that
# clang-15 and the ROCm device libraries (Debian package rocm-device-libs) are
# there and sets CLFLAGS, the flags of examples/build.sh (clang-15 default:
# code object v4). DEVICE_LIBS may name another device-library folder.
DEVICE_LIBS=${DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}

command -v clang-15 >/dev/null 2>&1 || { echo "build.sh: clang-15 not found (apt-get install clang-15 lld-15)" >&2; exit 1; }
[ -f "$DEVICE_LIBS/opencl.bc" ] || { echo "build.sh: ROCm device libraries not found in $DEVICE_LIBS (apt-get install rocm-device-libs, or set DEVICE_LIBS)" >&2; exit 1; }

CLFLAGS="-target amdgcn-amd-amdhsa -O2 -cl-std=CL1.2 -Xclang -finclude-default-header --rocm-device-lib-path=$DEVICE_LIBS"
