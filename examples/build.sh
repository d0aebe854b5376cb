#!/bin/sh
# Rebuilds every committed binary under examples/ (and the code-object test
# fixtures under tests/frontend/data/) from source. Running the examples does not
# need LLVM; only this script does: clang-15, ld.lld-15, llvm-mc-15, llvm-objcopy-15
# and the ROCm device libraries (Debian package rocm-device-libs); the HIP
# example also needs the HIP headers (libamdhip64-dev).
set -eu
cd "$(dirname "$0")"
DEVICE_LIBS=${DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
ARCHES="gfx600 gfx700 gfx803 gfx900"

for tool in clang-15 ld.lld-15 llvm-mc-15 llvm-objcopy-15; do
  command -v "$tool" >/dev/null 2>&1 || { echo "build.sh: $tool not found (apt-get install clang-15 lld-15 llvm-15)" >&2; exit 1; }
done
[ -f "$DEVICE_LIBS/opencl.bc" ] || { echo "build.sh: ROCm device libraries not found in $DEVICE_LIBS (apt-get install rocm-device-libs, or set DEVICE_LIBS)" >&2; exit 1; }

# OpenCL C -> code object (clang-15 default: code object v4). The device
# libraries provide get_global_id() and friends; -finclude-default-header
# declares the OpenCL builtins.
CLFLAGS="-target amdgcn-amd-amdhsa -O2 -cl-std=CL1.2 -Xclang -finclude-default-header --rocm-device-lib-path=$DEVICE_LIBS"
opencl() {  # opencl SOURCE OUTPUT MCPU [extra flags]
  src=$1 out=$2 cpu=$3
  shift 3
  clang-15 $CLFLAGS -mcpu="$cpu" "$@" -o "$out" "$src"
  echo "built $out"
}

# The Device example's and the multi-step job's kernels (gfx900 only).
opencl device/iterate.cl device/iterate.gfx900.hsaco gfx900

for cpu in $ARCHES; do
  opencl vector_add/vector_add.cl vector_add/vector_add.$cpu.hsaco $cpu
  opencl reduction/reduction.cl reduction/reduction.$cpu.hsaco $cpu
  gen=$(echo $cpu | cut -c4)
  units=1
  [ "$gen" -le 7 ] && units=4
  llvm-mc-15 -arch=amdgcn -mcpu=$cpu --defsym GEN=$gen --defsym SMEM_UNITS=$units -filetype=obj \
    -o asm/smem_lds_buffer.$cpu.o asm/smem_lds_buffer.s
  llvm-objcopy-15 -O binary --only-section=.text asm/smem_lds_buffer.$cpu.o asm/smem_lds_buffer.$cpu.bin
  rm asm/smem_lds_buffer.$cpu.o
  echo "built asm/smem_lds_buffer.$cpu.bin"
done

# A kernel with DWARF line tables (-g), for source lines in listings. The
# prefix map keeps the build folder out of the binary: the line table names
# debug_lines/saxpy.cl.
opencl debug_lines/saxpy.cl debug_lines/saxpy.gfx900.hsaco gfx900 -g -fdebug-prefix-map="$PWD"=.

# HIP (README "HIP kernels"): device code only, as a plain code object
# (--no-gpu-bundle-output, no offload bundle); the HIP headers come from
# libamdhip64-dev (installed under /usr, hence --rocm-path=/usr).
if [ -f /usr/include/hip/hip_runtime.h ]; then
  clang++-15 -x hip --offload-arch=gfx900 --offload-device-only --no-gpu-bundle-output -O2 \
    --rocm-path=/usr --rocm-device-lib-path="$DEVICE_LIBS" -o hip/vector_scale.gfx900.hsaco hip/vector_scale.hip
  echo "built hip/vector_scale.gfx900.hsaco"
else
  echo "build.sh: HIP headers not found (apt-get install libamdhip64-dev); hip/ not rebuilt" >&2
fi

# Test fixtures: the same vector_add as code object v3 and v5.
DATA=../tests/frontend/data
opencl vector_add/vector_add.cl $DATA/vector_add.gfx900.v3.hsaco gfx900 -mcode-object-version=3
# ld.lld-15 rejects EI_ABIVERSION 3 (v5), so link with the byte set to 2 (v4)
# and restore it afterwards; the metadata and descriptor are real v5 output.
clang-15 $CLFLAGS -mcpu=gfx900 -mcode-object-version=5 -c -o $DATA/vector_add.v5.o vector_add/vector_add.cl
printf '\002' | dd of=$DATA/vector_add.v5.o bs=1 seek=8 conv=notrunc 2>/dev/null
ld.lld-15 -shared -o $DATA/vector_add.gfx900.v5.hsaco $DATA/vector_add.v5.o
printf '\003' | dd of=$DATA/vector_add.gfx900.v5.hsaco bs=1 seek=8 conv=notrunc 2>/dev/null
rm $DATA/vector_add.v5.o
echo "built $DATA/vector_add.gfx900.v5.hsaco"
