// Sets up a dispatch in simulated memory the way the HSA runtime and the
// command processor do (AMDGPUUsage.rst "Initial Kernel Execution State",
// "Kernel Dispatch", hidden kernel arguments), and turns it into the typed
// sim::DispatchSpec the simulator runs.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "frontend/code_object/code_object.hpp"
#include "sim/dispatch.hpp"

namespace gcnsim::memory {
class GlobalMemory;
}

namespace gcnsim::frontend {

// The value of one explicit kernel argument, in declaration order.
struct ArgValue {
  enum Kind : uint8_t { Pointer, Bytes, Local } kind = Bytes;
  uint64_t pointer = 0;        // Pointer: device address
  std::vector<uint8_t> bytes;  // Bytes: little-endian value
  uint32_t localBytes = 0;     // Local: size of a dynamic __local buffer
};

struct LaunchGeometry {
  std::array<uint32_t, 3> grid{1, 1, 1};
  std::array<uint32_t, 3> workgroup{64, 1, 1};
  unsigned dims = 1;  // number of grid dimensions the job named (hidden_grid_dims)
  // Waves resident at once, each with its own scratch slot: the timing
  // model's wave slots (sim::timing::timingScratchSlots), or the functional
  // engine's one workgroup per thread (0: one workgroup).
  uint32_t scratchWaveSlots = 0;
};

// Addresses of what the launch placed in memory (for `gcnsim run -v` and tests).
// Also an input: a Device's later launches of a kernel pass the layout of
// the last one back, and the launch reuses what is already placed (the code
// image if loadBase is set; the queue and packet; scratch and kernarg areas
// that are large enough), so repeated dispatches neither grow the memory nor
// move the addresses the caches saw.
struct LaunchLayout {
  uint64_t loadBase = 0;  // code object image base: segment vaddr v lives at loadBase + v (raw: the code)
  uint64_t kernarg = 0, dispatchPacket = 0, queue = 0, scratch = 0;
  uint32_t dynamicLdsOffset = 0, dynamicLdsBytes = 0;
  uint64_t scratchBytes = 0, kernargBytes = 0;  // sizes of the scratch and kernarg areas
};

// LDS per work-group of a launch with `args`: the kernel's fixed group
// segment, then each "local" block at its pointee's alignment, as
// prepareCodeObjectLaunch lays them out. Throws InputError "FILE: kernel K:
// ..." past kMaxLdsBytesPerWorkgroup. (Nothing is placed: Device::checkDispatch.)
uint32_t codeObjectLdsBytes(const CodeObject& co, const KernelInfo& kernel,
                            const std::vector<ArgValue>& args);
// VGPRs each wave of a code object kernel holds (its descriptor's granulated count).
uint32_t codeObjectVgprs(const KernelDescriptor& kd);
// SGPRs each wave of a code object kernel holds: GRANULATED_WAVEFRONT_SGPR_COUNT blocks of 8
// (AMDGPUUsage.rst, compute_pgm_rsrc1 table), which the hardware allocates in units of 8 on GCN 1.0/1.1
// and of 16 on GCN 1.2/1.4 (LLVM AMDGPUBaseInfo.cpp getSGPRAllocGranule; "Vega" ISA 3.6.2: "in units
// of 16"). On GFX9 the field holds 2 * (16-SGPR blocks - 1), which gives the same count.
uint32_t codeObjectSgprs(const KernelDescriptor& kd, isa::Gen gen);

// Places the code object's PT_LOAD segments, the kernarg segment (explicit
// and hidden arguments), an HSA kernel dispatch packet, an amd_queue_t with
// the aperture bases, and scratch backing memory; returns the dispatch.
sim::DispatchSpec prepareCodeObjectLaunch(memory::GlobalMemory& mem, sim::ExecEnv& env, const CodeObject& co,
                                          const KernelInfo& kernel, const std::vector<ArgValue>& args,
                                          const LaunchGeometry& geo, LaunchLayout& layout);

// Sets the flat-address apertures (memory::defaultFlatApertures) in `env`.
void setApertures(sim::ExecEnv& env, isa::Gen gen);

// The buffer resource (V#) the runtime gives kernels for scratch: swizzled,
// 4-byte elements, index stride 64, lane id added (seed 001 swizzled addressing).
std::array<uint32_t, 4> scratchResource(isa::Gen gen, uint64_t base, uint64_t bytes);

}  // namespace gcnsim::frontend

namespace gcnsim::frontend {
struct KernelSpec;

// A buffer a raw kernel's setup names, as it is at the launch.
struct SetupBuffer {
  uint64_t address = 0;
  uint64_t bytes = 0;
};

// Raw machine code: places the code (once: layout.loadBase), lays the
// arguments out in the kernarg segment in order at their natural alignment
// (a pointer 8 bytes, a value its size, a local block the 4-byte LDS offset
// of the block, placed after kernel.ldsBytes), and turns the kernel's "setup"
// block into initial register values. `bufferOf(name)` gives the address
// and size of a buffer the setup names (nullopt: InputError "KERNEL: setup
// REG: no buffer \"NAME\""), both taken now: an address's or resource's
// offset is checked against that size, and a resource's default num_records
// comes from it.
sim::DispatchSpec prepareRawLaunch(
    memory::GlobalMemory& mem, sim::ExecEnv& env, const KernelSpec& kernel, const std::vector<uint8_t>& code,
    const std::vector<ArgValue>& args, const std::array<uint32_t, 3>& grid,
    const std::array<uint32_t, 3>& workgroup,
    const std::function<std::optional<SetupBuffer>(const std::string&)>& bufferOf, LaunchLayout& layout);

// The same for raw code: kernel.ldsBytes, then the "local" blocks one after
// another (InputError "NAME: ...").
uint32_t rawLdsBytes(const KernelSpec& kernel, const std::vector<ArgValue>& args);

// MODE register of a raw kernel's waves: round to nearest even, f32 and
// f16/f64 denormals kept, DX10 clamp and IEEE mode on (the defaults clang
// uses for OpenCL kernels on gfx9).
inline constexpr uint32_t kRawKernelMode = 0x3f0;
}  // namespace gcnsim::frontend
