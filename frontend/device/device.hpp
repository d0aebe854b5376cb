// The public C++ API of gcnsim (issue 14): a Device is one simulated GPU of
// one configuration that lives across dispatches. It owns the device memory
// (buffers, code, kernarg segments, scratch), the GDS, and in timing mode the
// warm L2 state that carries from one timing dispatch to the next unless
// resetCaches() is called (the K$es and vector L1s start empty at every
// dispatch, as the command processor invalidates them:
// sim/timing/warm_caches.hpp).
//
// Typical use (examples/device/):
//   gcnsim::DeviceOptions options;
//   options.arch = "gfx900";
//   gcnsim::Device dev(options);
//   auto k = dev.loadCodeObject("vector_add.gfx900.hsaco", "vector_add");
//   auto a = dev.allocate(4096, "a");
//   dev.write(a, 0, host.data(), 4096);
//   auto r = dev.dispatch(k, {1024, 1, 1}, {64, 1, 1}, {gcnsim::KernelArg::of(a)});
//   dev.read(a, 0, host.data(), 4096);
//
// Errors: every member throws frontend::InputError with one line naming the
// argument, buffer, kernel or file for bad input. A kernel that faults or
// hits the watchdog is not an error: dispatch() returns its status.
// A Device is not thread-safe: call it from one thread at a time (a dispatch
// itself runs on DeviceOptions::threads threads).
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "frontend/common/limits.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/profile_report.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/stall_profile.hpp"
#include "frontend/report/timing_report.hpp"
#include "sim/check/checker.hpp"
#include "sim/functional_engine.hpp"
#include "sim/run_control.hpp"

namespace gcnsim {

// The most threads a run or a Device takes (gcnsim run --threads, DeviceOptions::threads).
inline constexpr unsigned kMaxThreads = 1024;

struct DeviceOptions {
  std::string arch = "gfx900";    // gfx600 gfx700 gfx803 gfx900 (isa::parseArch names)
  std::string config;             // timing config: chip name or file; "" = the arch's default chip
  std::vector<std::string> sets;  // KEY=VALUE config overrides, as `gcnsim run --set`
  unsigned threads = 0;           // threads running a dispatch, at most kMaxThreads; 0 = all cores
  frontend::Limits limits;        // as the CLI's limits (file sizes, buffer memory, work-groups, scratch)
};

// A buffer in device memory. `name` is unique on its Device (it is what a raw
// kernel's setup and fault messages name).
struct BufferHandle {
  uint64_t address = 0;  // device address of the first byte
  uint64_t bytes = 0;
  std::string name;
  // The Device that allocated it, by a serial number unique in the process:
  // two Devices give the same addresses and names, so only this tells their
  // handles apart (0: no Device's).
  uint64_t device = 0;
};

// A loaded kernel: a code object and the name of one of its kernels, or raw
// machine code with its register setup. Defined in frontend/device/kernel.hpp;
// belongs to the Device that loaded it.
struct Kernel;
using KernelRef = std::shared_ptr<const Kernel>;
// The kernel's name (raw code: its label).
const std::string& kernelName(const KernelRef& kernel);
// A code object kernel's metadata (arguments, sizes, registers); null for raw code.
const frontend::KernelInfo* kernelMetadata(const KernelRef& kernel);

// One explicit kernel argument, in declaration order. Code objects: checked
// against the kernel's metadata (count, pointer vs value, value size). Raw
// code: laid out in the kernarg segment in order, each at its natural
// alignment (a buffer address 8 bytes, a value its size, a local block the
// 4-byte LDS offset of the block), as a job's raw "args".
struct KernelArg {
  enum Kind { Buffer, Value, Local } kind = Value;
  BufferHandle buffer;         // Buffer: its address is passed
  std::vector<uint8_t> bytes;  // Value: little-endian bytes
  uint32_t localBytes = 0;     // Local: bytes of dynamic LDS (a __local pointer argument)

  static KernelArg of(const BufferHandle& b) {
    KernelArg a;
    a.kind = Buffer;
    a.buffer = b;
    return a;
  }
  template <class T>
  static KernelArg value(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    KernelArg a;
    a.kind = Value;
    a.bytes.resize(sizeof(T));
    std::memcpy(a.bytes.data(), &v, sizeof(T));
    return a;
  }
  static KernelArg local(uint32_t bytes) {
    KernelArg a;
    a.kind = Local;
    a.localBytes = bytes;
    return a;
  }
};

// Raw machine code (README "Raw machine code"): the fields of a job's raw
// "kernel" block. The setup's buffer names are looked up among the Device's
// buffers at each dispatch: a buffer freed and allocated again under its name
// gives its new address and size (a resource's default num_records follows).
struct RawKernelOptions {
  std::string name;          // a label for messages and traces; "" = the file's stem (or "raw")
  uint32_t sgprs = 0;        // SGPRs per wave; 0 = 104 on gfx6/gfx7, 102 on gfx8/gfx9
  uint32_t vgprs = 0;        // VGPRs per work-item; 0 = 256
  uint32_t ldsBytes = 0;     // LDS per work-group (before any Local arguments)
  frontend::RawSetup setup;  // initial registers (frontend/job/job.hpp RegInit)
  // Or the same as a job file's "setup" JSON object (README "Raw machine
  // code"), checked against the Device's live buffers when loaded.
  std::string setupJson;
};

struct LaunchOptions {
  std::string mode = "timing";              // or "functional"
  std::string trace, traceFormat = "text";  // timing: per-cycle trace to this file ("-": stdout)
  std::string traceWaves, traceCycles;      // trace filter: "0,3,8-11", "FROM:TO" ("": all)
  std::optional<uint32_t> traceCu;          // trace filter: one CU
  std::vector<std::string> reports;         // timing: "stalls", "listing", "lines", "stats"
  sim::check::CheckOptions checks;          // --check hazards, races, uninit, bounds
  std::optional<uint64_t> maxInstructions;  // watchdog; unset: scaled to the grid (README "Watchdog")
  std::optional<uint64_t> maxCycles;        // timing watchdog; unset: scaled to maxInstructions
  sim::RunControl* control = nullptr;       // stop flag and progress counters
  // Grid dimensions the launch names (1-3): get_work_dim(), the dispatch
  // packet's dimension count and hidden_grid_dims. A job's "grid": [64, 1]
  // is two-dimensional although its y size is 1, so the count cannot be
  // derived from the sizes. 0: the highest dimension with a size above 1.
  unsigned workDims = 0;
};

// How checkLaunchOptions names an option in its messages: as the C++ and
// Python APIs spell it ("max_cycles: needs mode timing") or as `gcnsim run`
// does ("--max-cycles: needs --mode timing").
enum class OptionNames { Api, Cli };

// Throws InputError for an unknown mode or report, an option of timing mode
// only (trace, reports, maxCycles) in functional mode, a trace filter
// without a trace, or checkFatal without checks. Device::dispatch calls it.
void checkLaunchOptions(const LaunchOptions& options, OptionNames names = OptionNames::Api);

// The result of one dispatch. A stopped run (fault, watchdog, interrupted)
// still fills everything with what ran.
struct DispatchResult {
  sim::RunStatus status;
  uint64_t cycles = 0, instructions = 0, waves = 0, workgroups = 0;  // cycles: timing mode only
  double seconds = 0;                                                // wall time of the simulation itself
  double cpuSeconds = 0;  // process CPU time (all threads) of the simulation itself
  // The result document without buffers: kernel, grid, stats, config (timing),
  // stall/listing sections (with reports), checks (with checks).
  frontend::ResultDoc doc;
  // Details for reports and the CLI:
  std::vector<uint64_t> opCounts;                   // executions per isa::allOps() row
  std::string configName;                           // timing: the GPU config's name
  std::optional<frontend::TimingSummary> summary;   // timing: statistics
  std::shared_ptr<frontend::StallProfile> profile;  // with reports stalls, listing or lines
  std::vector<frontend::ListingLine> listing;       // with reports listing or lines
  unsigned threads = 1;                             // threads that ran
  std::string singleThreadReason;                   // why one thread only ("": not limited)
  std::shared_ptr<sim::check::Checker> checker;     // with checks: the findings
};

// Sums over every dispatch of a Device (any status).
struct DeviceTotals {
  uint64_t dispatches = 0, cycles = 0, instructions = 0, waves = 0, workgroups = 0;
  double seconds = 0;
};

class Device {
 public:
  // Throws InputError for an unknown arch ("arch: ..."), a bad config or
  // --set ("--config X: ...", "--set KEY: ..."), bad limits.
  explicit Device(DeviceOptions options = {});
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const DeviceOptions& options() const;
  // The device's architecture (from DeviceOptions::arch).
  const isa::Arch& arch() const;

  // Loads kernel `kernelName` of a code object file ("" = its only kernel).
  // The file is read at every call; a file loaded again with the same
  // contents reuses the first load (one image in device memory, one set of
  // program-scope variables), a rebuilt one is loaded anew. Throws
  // InputError "FILE: ..." for an unreadable file, a code object for another
  // generation, or no kernel of that name (listing the kernels).
  KernelRef loadCodeObject(const std::filesystem::path& file, const std::string& kernelName = "");
  // Raw machine code for the device's arch, from a file or bytes (a non-empty
  // multiple of 4 bytes). Throws InputError "FILE: ..." / "raw code: ...", or
  // "NAME: kernel.setup.KEY: ..." for a bad options.setupJson.
  KernelRef loadRaw(const std::filesystem::path& file, RawKernelOptions options = {});
  KernelRef loadRaw(std::vector<uint8_t> code, RawKernelOptions options = {});
  // A job's kernel without reading its file again: `spec` and the loaded
  // code object (ELF; spec.name names the kernel), or the raw code (raw).
  // Messages about the kernel name `where` ("": spec.file), e.g. the job file.
  KernelRef loadKernel(const frontend::KernelSpec& spec,
                       std::shared_ptr<const frontend::CodeObject> codeObject,
                       std::vector<uint8_t> rawCode = {}, const std::string& where = "");

  // A zero-filled buffer of `bytes` bytes (0 is allowed: it takes one byte of
  // address space). `name` "" gets "buffer<N>"; any other must follow a job
  // file's rule (1-64 letters, digits, '_', '-' or '.', not starting with '.':
  // frontend::bufferNameProblem). Throws InputError naming the buffer if the
  // name is not valid or taken or the buffers would exceed
  // limits.maxBufferBytes.
  BufferHandle allocate(uint64_t bytes, const std::string& name = "");
  // A job buffer: its bytes (or mapped file) become the device memory's pages
  // without a copy; `spec.bytes` is moved from.
  BufferHandle allocate(frontend::BufferSpec&& spec);
  // Copies host bytes into [offset, offset + bytes) of the buffer, or out of
  // it. Throws InputError naming the buffer for a range outside it or a
  // freed or foreign handle.
  void write(const BufferHandle& buffer, uint64_t offset, const void* data, uint64_t bytes);
  void read(const BufferHandle& buffer, uint64_t offset, void* data, uint64_t bytes) const;
  // The buffer's handle by name (nullptr: none).
  const BufferHandle* findBuffer(const std::string& name) const;
  // Every live buffer, by name.
  std::vector<BufferHandle> buffers() const;
  // Forgets the buffer: its handle becomes invalid (InputError when used),
  // its name can be reused, its bytes stop counting against
  // limits.maxBufferBytes, and its pages go back to the host. The address
  // range is unmapped and never reused, so a kernel that uses a stale device
  // pointer faults rather than reaching another buffer.
  void free(const BufferHandle& buffer);
  // Host bytes holding the device memory's written pages (buffers, code,
  // kernarg segments, scratch).
  uint64_t residentBytes() const;

  // Runs `kernel` on a grid of `grid` work-items in work-groups of
  // `workgroup`. Throws InputError for bad input: a kernel of another Device,
  // a bad grid or work-group, arguments that do not match the kernel
  // ("args[I]: ..."), a freed buffer, a bad mode, trace or report option.
  DispatchResult dispatch(const KernelRef& kernel, std::array<uint32_t, 3> grid,
                          std::array<uint32_t, 3> workgroup, const std::vector<KernelArg>& args,
                          const LaunchOptions& options = {});

  // Throws the InputError dispatch() would throw for these inputs -- bad
  // options, geometry or arguments, too much LDS or scratch, and in timing
  // mode a kernel the GPU config cannot hold -- without placing or running
  // anything. A job with steps checks every dispatch step so before the first runs.
  void checkDispatch(const KernelRef& kernel, std::array<uint32_t, 3> grid, std::array<uint32_t, 3> workgroup,
                     const std::vector<KernelArg>& args, const LaunchOptions& options = {}) const;

  // The next timing dispatch starts with a cold L2 (as the first one did).
  void resetCaches();
  // Sums over every dispatch so far.
  const DeviceTotals& totals() const;

  struct Impl;

 private:
  // loadRaw's work: `file` the file the code was read from ("": bytes), the kernel's spec.file.
  KernelRef loadRawCode(std::vector<uint8_t> code, RawKernelOptions options,
                        const std::filesystem::path& file);

  std::unique_ptr<Impl> impl_;
};

}  // namespace gcnsim
