// A job: which kernel to run, on what grid, with which buffers and arguments
// (README "Job file"). loadJob() turns the JSON file into these typed structs;
// nothing below the frontend ever sees JSON.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/code_object/code_object.hpp"
#include "frontend/common/limits.hpp"
#include "frontend/job/elem_type.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {

enum class KernelFormat : uint8_t { Elf, Raw };

// The fields of a buffer resource (V#), seed 001_2fc8a7f12b5d60d9.txt
// "Buffer resource format". The base address is the buffer's address + baseOffset.
struct BufferResourceSpec {
  uint64_t baseOffset = 0;     // "offset": bytes added to the buffer's address (BASE, bits 0-47)
  uint32_t stride = 0;         // "stride" (bits 48-61)
  bool cacheSwizzle = false;   // "cache_swizzle" (bit 62)
  bool swizzleEnable = false;  // "swizzle_enable" (bit 63)
  uint32_t numRecords = 0;  // "num_records" (bits 64-95); default: buffer bytes (stride 0) or bytes / stride
  bool numRecordsGiven =
      false;  // "num_records" was written (else the default, for the buffer at each launch)
  uint8_t dstSelX = 4, dstSelY = 5, dstSelZ = 6,
          dstSelW = 7;      // "dst_sel_x".. (bits 96-107): 0, 1, R=4, G, B, A=7
  uint8_t numFormat = 4;    // "num_format" (bits 108-110): unorm 0 .. float 7; default uint
  uint8_t dataFormat = 4;   // "data_format" (bits 111-114): invalid 0 .. 32_32_32_32 14; default 32
  uint8_t elemSize = 0;     // "element_size" (bits 115-116): ELEMSIZE = 2 << value
  uint8_t indexStride = 0;  // "index_stride" (bits 117-118): INDEXSTRIDE = 8 << value
  bool tidEnable = false;   // "add_tid_enable" (bit 119)
  bool hashEnable = false;  // "hash_enable" (bit 121)
  bool heap = false;        // "heap" (bit 122)
  uint8_t type = 0;         // "type" (bits 126-127): 0 = buffer
};

// The four dwords of the resource for a buffer placed at `bufferAddress`.
std::array<uint32_t, 4> encodeBufferResource(const BufferResourceSpec& r, uint64_t bufferAddress);
// The default "num_records" of `r` for a buffer of `bufferBytes` bytes: the bytes past its offset (at most
// bufferBytes), in units of its stride if it has one; at most 2^32 - 1.
uint32_t defaultNumRecords(const BufferResourceSpec& r, uint64_t bufferBytes);

// A register or register range of the initial wave state ("s8", "s[4:7]", "v0", "m0").
struct RegRange {
  enum class File : uint8_t { Sgpr, Vgpr, M0, Vcc, Exec } file = File::Sgpr;
  uint32_t first = 0;  // first register (0 for m0/vcc/exec)
  uint32_t count = 1;  // registers (vcc and exec: 2)
};

// One entry of a raw kernel's "setup" block.
struct RegInit {
  enum class Kind : uint8_t {
    Constant,        // `constant` in the low registers (1 register: 32 bits; 2: 64 bits)
    BufferAddress,   // the address of `buffer` + `offset` (2 registers)
    BufferResource,  // the V# of `buffer` (4 registers)
    WorkgroupId,     // the work-group id in dimension `dim` (1 SGPR)
    WorkitemId,      // the work-item id in the work-group in dimension `dim` (1 VGPR, per lane)
    KernargAddress,  // the address of the kernarg segment built from "args" (2 SGPRs)
  };
  std::string key;  // the JSON key as written, e.g. "s[4:7]", for messages
  RegRange reg;
  Kind kind = Kind::Constant;
  uint64_t constant = 0;        // Constant: raw bits
  std::string buffer;           // BufferAddress, BufferResource
  uint64_t offset = 0;          // BufferAddress: bytes added to the address
  BufferResourceSpec resource;  // BufferResource
  uint8_t dim = 0;              // WorkgroupId, WorkitemId: 0 x, 1 y, 2 z
};

// Register initialisation of a raw kernel, applied to every wave in key order.
struct RawSetup {
  std::vector<RegInit> inits;
};

struct KernelSpec {
  std::filesystem::path file;  // resolved against the job's folder
  std::string name;            // kernel name (ELF); for raw code a label, default: file stem
  KernelFormat format = KernelFormat::Elf;
  isa::Arch arch{};  // from "arch" or the code object's e_flags
  // Raw code only ("format": "raw"):
  uint32_t sgprs = 0;     // "sgprs": SGPRs per wave (default 104 on gfx6/gfx7, 102 on gfx8/gfx9)
  uint32_t vgprs = 0;     // "vgprs": VGPRs per work-item (default 256)
  uint32_t ldsBytes = 0;  // "lds_bytes": LDS per work-group (default 0)
  RawSetup setup;         // "setup"
};

struct BufferSpec {
  std::string name;
  ElemType type = ElemType::U8;
  uint64_t size = 0;  // bytes: count * element size
  // Initial contents: the first bytes.size() (<= size) bytes, or, with `file`
  // set, the file's fileSize bytes (mapped when the job runs, never read
  // here); the rest is zero. Empty for a buffer of zeros ("count" alone,
  // "fill": 0), which costs no host memory until the kernel writes it
  // (README "Memory use").
  std::vector<uint8_t> bytes;
  std::filesystem::path file;
  uint64_t fileSize = 0;
  uint64_t count() const { return size / elemTypeSize(type); }
  // All `size` initial bytes (reads the file): for tests and references.
  std::vector<uint8_t> initialBytes() const;
};

struct ArgSpec {
  enum class Kind : uint8_t { Buffer, Value, Local } kind = Kind::Value;
  std::string buffer;             // Buffer: the buffer whose address is passed
  ElemType type = ElemType::U32;  // Value: element type
  uint64_t bits = 0;              // Value: raw little-endian bits of `type` (a scalar)
  // Value of several elements ("value": [...], packed, padded to 4 elements for a 3-element vector
  // argument) or of raw bytes ("bytes": "hex"): its little-endian bytes. Empty for a scalar (`bits`).
  std::vector<uint8_t> bytes;
  uint32_t elements = 1;  // Value: elements given (1 for a scalar; 0 for "bytes")
  // Value: bytes it takes in the kernarg segment.
  uint64_t valueBytes() const { return bytes.empty() ? elemTypeSize(type) : bytes.size(); }
  // Value: how it was given, for messages: "u32", "f32 x 4", "12 raw bytes".
  std::string valueDescription() const;
  uint32_t localBytes = 0;  // Local: dynamic LDS bytes
  bool iteration = false;   // Value in a step: plus the innermost repeat's iteration (README "Steps")
  // Offset and bytes in the kernarg segment: from the metadata (ELF), or laid
  // out in order at their natural alignment (raw code, job.cpp).
  uint32_t kernargOffset = 0;
  uint32_t kernargSize = 0;
};

// One entry of a multi-step job's "kernels" (README "Steps"), or the
// single-dispatch job's "kernel" while it is parsed.
struct JobKernel {
  std::string key;  // its name in "kernels"
  KernelSpec kernel;
  std::shared_ptr<const CodeObject> codeObject;  // ELF
  size_t kernelIndex = 0;                        // ELF: the kernel in codeObject
  std::vector<uint8_t> rawCode;                  // raw machine code
  const KernelInfo& kernelInfo() const { return codeObject->kernels.at(kernelIndex); }
};

// One step of a multi-step job (README "Steps").
struct Step {
  enum class Kind : uint8_t { Dispatch, Repeat, Fill, Set, Copy } kind = Kind::Dispatch;
  std::string path;  // e.g. "steps[1].repeat.steps[0]": for messages and the result's "steps"
  // Dispatch: Job::kernels[kernel] on grid / workgroup with args.
  size_t kernel = 0;
  std::array<uint32_t, 3> grid{1, 1, 1}, workgroup{1, 1, 1};
  unsigned gridDims = 1;  // entries given in "grid" (1-3): get_work_dim()
  std::vector<ArgSpec> args;
  // Repeat: `steps`, `count` times; or (until) until element `index` of
  // `buffer` equals `bits`, checked after each pass, at most `max` passes.
  uint64_t count = 0, max = 0;
  bool until = false;
  std::vector<Step> steps;
  // Fill: elements [index, index + elements) of `buffer` = bits. Set: element `index` = bits.
  // Copy: `buffer` into `to` (buffers of the same size).
  std::string buffer, to;
  uint64_t index = 0, elements = 0, bits = 0;
};

struct Job {
  std::filesystem::path path, dir;  // the job file and its folder
  KernelSpec kernel;
  std::array<uint32_t, 3> grid{1, 1, 1};       // work-items per dimension (need not be a workgroup multiple)
  std::array<uint32_t, 3> workgroup{1, 1, 1};  // work-items per work-group
  unsigned gridDims = 1;                       // entries given in "grid" (1-3): get_work_dim()
  std::vector<BufferSpec> buffers;             // in file order
  // Name -> index in `buffers`, filled by loadJob so that findBuffer is not a linear search (a job with
  // 100,000 buffers had taken minutes to load); findBuffer searches `buffers` when it does not cover them.
  std::map<std::string, size_t, std::less<>> bufferIndex;
  std::vector<ArgSpec> args;        // explicit kernel arguments, in order
  std::vector<std::string> output;  // buffers to report (default: all, in file order)

  // ELF jobs: the loaded code object and the kernel's index in it.
  std::shared_ptr<const CodeObject> codeObject;
  size_t kernelIndex = 0;
  // Raw jobs: the machine code.
  std::vector<uint8_t> rawCode;
  // Multi-step jobs ("kernels" and "steps" instead of "kernel", "grid",
  // "workgroup", "args"): `kernel` is the first kernel's spec (its arch is the
  // job's), `grid` and `workgroup` the first dispatch's.
  std::vector<JobKernel> kernels;
  std::vector<Step> steps;
  bool hasSteps() const { return !steps.empty(); }

  const KernelInfo& kernelInfo() const { return codeObject->kernels.at(kernelIndex); }
  const BufferSpec* findBuffer(std::string_view name) const;
  // Total dynamic LDS bytes requested by Local arguments (64 bits: 65,537
  // blocks of 64 KiB must not wrap around).
  uint64_t dynamicLdsBytes() const;
};

inline constexpr uint64_t kDefaultMaxBufferBytes = Limits{}.maxBufferBytes;  // 1 GiB
inline constexpr uint32_t kMaxWorkgroupSize = 1024;
inline constexpr uint32_t kMaxLdsBytes = kMaxLdsBytesPerWorkgroup;  // LDS per work-group on GCN

// Parses and validates the job file; loads the code object or raw code it names.
// Files are read within limits.maxFileBytes; all buffers together must fit in
// limits.maxBufferBytes, the grid in limits.maxWorkgroups work-groups.
// Throws InputError with one line "FILE: FIELD: problem".
Job loadJob(const std::filesystem::path& path, const Limits& limits = {});
inline Job loadJob(const std::filesystem::path& path, uint64_t maxBufferBytes) {
  Limits l;
  l.maxBufferBytes = maxBufferBytes;
  return loadJob(path, l);
}

// A raw kernel's "setup" block (README "Raw machine code") as JSON text, for
// callers other than a job file (the Python package's Device.load_raw):
// `buffers` are the buffers it may name. Throws InputError "WHERE:
// kernel.setup.KEY: ..." as for a job file.
RawSetup parseRawSetupText(const std::string& json, const std::vector<BufferSpec>& buffers,
                           const KernelSpec& kernel, const std::string& where);

// An OpenCL C vector type name of the metadata (".type_name" "float4", "int3", "uchar16"): its element
// type and count (2, 3, 4, 8 or 16); nullopt for anything else. A 3-element vector takes 4 elements' room.
std::optional<std::pair<ElemType, unsigned>> vectorTypeFromTypeName(const std::string& name);
// "3 elements, but the kernel argument is a float4 (4 elements)": a vector argument given `given`
// elements (the job's and the Python binding's message).
std::string vectorCountMismatch(size_t given, const std::string& typeName, unsigned count);
// The element type a by-value argument's metadata type name gives (".type_name" "uint", "float",
// "unsigned int", "size_t", "int32_t", ...), as a job's "value" takes it when "type" is left out;
// nullopt for any other name (a typedef, a struct, an enum, none): the job must give "type", a Python
// caller a NumPy scalar.
std::optional<ElemType> typeFromTypeName(const std::string& name);

// Buffer names, in a job's "buffers" and through the Device API and Python: 1 to 64 letters, digits,
// '_', '-' or '.', not starting with '.' (a name is part of --out's file names and of messages).
// "" for a valid name, else the message ("buffer name "a b" must be 1-64 ...").
std::string bufferNameProblem(std::string_view name);

// Checks job.args against the kernel's explicit metadata arguments (count,
// buffer vs global_buffer, value size vs by_value size, local vs
// dynamic_shared_pointer). Throws InputError "FILE: args[I]: problem". loadJob
// calls it for ELF kernels, then fills ArgSpec::kernargOffset/kernargSize.
void checkArgsAgainstMetadata(const Job& job, const KernelInfo& kernel);

// The LDS of a work-group: `fixedLds` (the kernel's own) and then the "local" blocks of `args` as the
// launch lays them out (kernel_launch.cpp): each at its pointee's alignment for a code object (`kernel`
// set), one after another for raw code (null). Throws InputError "WHERE: PREFIXargs[I].local: ..." at the
// first block that ends past kMaxLdsBytes (a job's args, prefix "", or a step's, "steps[1].").
void checkLocalBlocks(const std::string& where, const std::string& prefix, const KernelInfo* kernel,
                      uint64_t fixedLds, const std::vector<ArgSpec>& args);

// What checkArgsAgainstMetadata compares: an argument's kind, a value's bytes
// and type name (for messages; may be empty).
struct ArgShape {
  ArgSpec::Kind kind = ArgSpec::Kind::Value;
  uint64_t valueBytes = 0;
  std::string typeName;
};
// The same check for any source of arguments: InputError "WHERE: args[I]:
// problem"; a count mismatch says "..., GIVER gives N".
void checkArgShapes(const std::string& where, const KernelInfo& kernel, const std::vector<ArgShape>& args,
                    const char* giver);
// The shapes of parsed arguments (a job's or a step's).
std::vector<ArgShape> argShapes(const std::vector<ArgSpec>& args);

}  // namespace gcnsim::frontend
