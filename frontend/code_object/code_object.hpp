// AMDGPU code objects (AMDGPUUsage.rst "ELF Code Object", code object v3, v4 and
// v5): the ELF image, the target from e_flags, and per kernel the
// NT_AMDGPU_METADATA entry and the kernel descriptor at symbol NAME.kd.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
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
  // Where a __local argument's block starts in LDS after `lds` bytes: at a multiple of .pointee_align,
  // else of 16 (the most any OpenCL type needs). The launch lays the blocks out by it and `gcnsim check`
  // counts them by it.
  uint64_t localBlockStart(uint64_t lds) const {
    const uint64_t align = pointeeAlign ? pointeeAlign : 16;
    return (lds + align - 1) / align * align;
  }
  bool isConst = false;  // ".is_const"
};

// One kernel: metadata map entry + decoded kernel descriptor.
struct KernelInfo {
  std::string name;         // ".name"
  std::string symbol;       // ".symbol", the descriptor symbol "NAME.kd"
  uint64_t kdVaddr = 0;     // virtual address of the kernel descriptor
  uint64_t entryVaddr = 0;  // code address: kdVaddr + kd.kernelCodeEntryByteOffset
  uint64_t codeSize = 0;    // size of the kernel's function symbol in .text (0 if absent)
  // The code the kernel can reach: [begin, end) vaddr ranges of its function and the functions it calls
  // (kernel_reach.hpp); empty when that cannot be told: all of .text. The order-dependence scan decodes it.
  std::vector<std::pair<uint64_t, uint64_t>> reachableCode;
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
  // ".reqd_workgroup_size" (OpenCL reqd_work_group_size): the only work-group size a dispatch may use;
  // {0, 0, 0} when absent (no requirement).
  std::array<uint32_t, 3> reqdWorkgroupSize{0, 0, 0};
  bool requiresWorkgroupSize() const { return reqdWorkgroupSize[0] != 0; }
  bool usesDynamicStack = false;  // ".uses_dynamic_stack"
  std::string language;           // ".language", e.g. "OpenCL C"

  // The problem with a dispatch on work-groups of `workgroup` the kernel's .reqd_workgroup_size forbids
  // ("16 x 1 x 1 does not match the kernel's .reqd_workgroup_size 32 x 1 x 1"), or empty.
  std::string workgroupMismatch(const std::array<uint32_t, 3>& workgroup) const;

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

// A dynamic relocation (.rela.dyn, found through PT_DYNAMIC's DT_RELA) the loader applies when it places
// the image (AMDGPUUsage.rst table amdgpu-elf-relocation-records-table), checked when the code object is
// loaded: a type gcnsim applies, a field inside the image, a symbol defined in the object.
struct Relocation {
  enum Type : uint32_t {
    None = 0,        // R_AMDGPU_NONE
    Abs32Lo = 1,     // R_AMDGPU_ABS32_LO: (S + A) & 0xffffffff
    Abs32Hi = 2,     // R_AMDGPU_ABS32_HI: (S + A) >> 32
    Abs64 = 3,       // R_AMDGPU_ABS64: S + A
    Abs32 = 6,       // R_AMDGPU_ABS32: S + A (must fit 32 bits)
    Relative64 = 13  // R_AMDGPU_RELATIVE64: B + A
  };
  uint64_t offset = 0;  // r_offset: the vaddr of the field
  uint32_t type = None;
  int64_t addend = 0;  // r_addend
  // The symbol's name (null: none), shared by the relocations against it: 10^6 relocations of a long name
  // would otherwise copy it 10^6 times.
  std::shared_ptr<const std::string> symbol;
  uint64_t symbolValue = 0;     // its st_value: a vaddr in the image, or an absolute value
  bool symbolAbsolute = false;  // SHN_ABS: S = st_value, without the load base
  // S + A or B + A for an image placed at `base`; the field is fieldBytes() wide.
  uint64_t value(uint64_t base) const;
  unsigned fieldBytes() const { return type == Abs64 || type == Relative64 ? 8 : type == None ? 0 : 4; }
};
// "R_AMDGPU_RELATIVE64" for a type, "type N" for one the table does not name.
std::string relocationTypeName(uint32_t type);

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
  std::vector<Relocation> relocations;  // dynamic relocations, in .rela.dyn order

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
