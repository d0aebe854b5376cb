// AMDGPU code objects (AMDGPUUsage.rst "ELF Code Object", code object v3, v4 and
// v5): the ELF image, the target from e_flags, and per kernel the
// NT_AMDGPU_METADATA entry and the kernel descriptor at symbol NAME.kd.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/code_object/kernel_descriptor.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {

// ".value_kind" of a kernel argument (AMDGPUUsage.rst tables
// amdgpu-amdhsa-code-object-kernel-argument-metadata-map-table-v3 and -v5).
enum class ArgValueKind : uint8_t {
  ByValue,
  GlobalBuffer,
  DynamicSharedPointer,
  Sampler,
  Image,
  Pipe,
  Queue,
  HiddenGlobalOffsetX,
  HiddenGlobalOffsetY,
  HiddenGlobalOffsetZ,
  HiddenNone,
  HiddenPrintfBuffer,
  HiddenHostcallBuffer,
  HiddenDefaultQueue,
  HiddenCompletionAction,
  HiddenMultigridSyncArg,
  HiddenBlockCountX,  // v5
  HiddenBlockCountY,
  HiddenBlockCountZ,
  HiddenGroupSizeX,
  HiddenGroupSizeY,
  HiddenGroupSizeZ,
  HiddenRemainderX,
  HiddenRemainderY,
  HiddenRemainderZ,
  HiddenGridDims,
  HiddenHeapV1,
  HiddenDynamicLdsSize,
  HiddenPrivateBase,
  HiddenSharedBase,
  HiddenQueuePtr,
  Unknown,  // a kind this version of gcnsim does not know; KernelArg::valueKindName has the text
};

// The metadata spelling ("global_buffer", "hidden_block_count_x", ...).
std::string_view argValueKindName(ArgValueKind k);
// Parses a metadata spelling; Unknown for anything else.
ArgValueKind parseArgValueKind(std::string_view s);
// True for the hidden_* kinds: filled in by the runtime, not given by the job.
bool isHiddenArg(ArgValueKind k);

// One entry of a kernel's ".args".
struct KernelArg {
  std::string name;      // ".name" (may be empty)
  std::string typeName;  // ".type_name", e.g. "float*", "uint" (may be empty)
  uint32_t offset = 0;   // ".offset" in the kernarg segment, bytes
  uint32_t size = 0;     // ".size" in bytes
  ArgValueKind valueKind = ArgValueKind::Unknown;
  std::string valueKindName;  // ".value_kind" as written
  std::string addressSpace;   // ".address_space": global, constant, local, private, generic, region; or empty
  uint32_t pointeeAlign = 0;  // ".pointee_align" (dynamic_shared_pointer), 0 if absent
  bool isConst = false;       // ".is_const"
};

// One kernel: metadata map entry + decoded kernel descriptor.
struct KernelInfo {
  std::string name;         // ".name"
  std::string symbol;       // ".symbol", the descriptor symbol "NAME.kd"
  uint64_t kdVaddr = 0;     // virtual address of the kernel descriptor
  uint64_t entryVaddr = 0;  // code address: kdVaddr + kd.kernelCodeEntryByteOffset
  uint64_t codeSize = 0;    // size of the kernel's function symbol in .text (0 if absent)
  KernelDescriptor kd;
  std::vector<KernelArg> args;        // all arguments, hidden ones included, in metadata order
  uint32_t kernargSize = 0;           // ".kernarg_segment_size"
  uint32_t kernargAlign = 0;          // ".kernarg_segment_align"
  uint32_t groupSegmentSize = 0;      // ".group_segment_fixed_size" (LDS bytes, without dynamic LDS)
  uint32_t privateSegmentSize = 0;    // ".private_segment_fixed_size" (scratch bytes per work-item)
  uint32_t sgprCount = 0;             // ".sgpr_count"
  uint32_t vgprCount = 0;             // ".vgpr_count"
  uint32_t sgprSpillCount = 0;        // ".sgpr_spill_count"
  uint32_t vgprSpillCount = 0;        // ".vgpr_spill_count"
  uint32_t wavefrontSize = 64;        // ".wavefront_size"
  uint32_t maxFlatWorkgroupSize = 0;  // ".max_flat_workgroup_size" (0 if absent)
  bool usesDynamicStack = false;      // ".uses_dynamic_stack"
  std::string language;               // ".language", e.g. "OpenCL C"

  // Arguments the job must supply (not hidden), in order.
  std::vector<const KernelArg*> explicitArgs() const;
};

// A PT_LOAD segment. The run path places it at (load base + vaddr).
struct Segment {
  uint64_t vaddr = 0;
  uint64_t memsz = 0;          // bytes in memory; bytes past `bytes.size()` are zero
  uint32_t flags = 0;          // PF_X 1, PF_W 2, PF_R 4
  std::vector<uint8_t> bytes;  // the p_filesz bytes from the file
};

// A function symbol (STT_FUNC) in .text: a kernel's code, or a function its code calls (a noinline helper,
// every function at -O0, the device libraries' get_global_id).
struct CodeFunction {
  std::string name;
  uint64_t vaddr = 0, size = 0;
};

struct CodeObject {
  std::string path;                      // file name, for messages
  isa::Arch arch;                        // from e_flags EF_AMDGPU_MACH
  uint32_t eFlags = 0;                   // raw e_flags
  unsigned codeObjectVersion = 0;        // 3, 4 or 5 (from EI_ABIVERSION)
  std::string xnack, sramecc;            // "unsupported", "any", "off", "on" (v4+); v3: "on"/"off"
  std::string target;                    // "amdhsa.target" (v4+), e.g. "amdgcn-amd-amdhsa--gfx900"
  std::vector<uint8_t> file;             // the whole ELF
  std::vector<Segment> loadSegments;     // PT_LOAD segments in file order
  uint64_t textVaddr = 0, textSize = 0;  // the .text section
  std::vector<KernelInfo> kernels;       // in metadata order
  // Every function symbol with a size inside .text, by address (one name per address: the first symbol's).
  std::vector<CodeFunction> functions;

  const KernelInfo* findKernel(std::string_view name) const;
  // Comma-separated kernel names, for error messages.
  std::string kernelNames() const;
  // Bytes needed to place every PT_LOAD segment at load base + vaddr.
  uint64_t imageSize() const;
  // The .text bytes of [vaddr, vaddr + size), or empty when outside .text.
  std::span<const uint8_t> textBytes(uint64_t vaddr, uint64_t size) const;
};

// EF_AMDGPU_MACH_* (AMDGPUUsage.rst table amdgpu-ef-amdgpu-mach-table) -> processor
// name, for the GCN processors gcnsim knows; nullopt for others (r600, gfx10+).
std::optional<isa::Arch> archFromMach(uint32_t mach);
// True if `bytes` starts with the ELF magic.
bool looksLikeElf(std::span<const uint8_t> bytes);

// Loads and validates a code object. Throws InputError naming `path` and the problem
// (not ELF, wrong machine, truncated, unsupported processor, bad metadata, ...).
CodeObject loadCodeObject(const std::filesystem::path& path, uint64_t maxFileBytes = uint64_t{1} << 30);
CodeObject loadCodeObject(std::vector<uint8_t> bytes, const std::string& name);

}  // namespace gcnsim::frontend
