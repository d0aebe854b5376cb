// Internal: the state of a Device (device.hpp).
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "frontend/device/device.hpp"
#include "frontend/device/kernel.hpp"
#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "sim/timing/gpu_config.hpp"
#include "sim/timing/warm_caches.hpp"

namespace gcnsim {

struct Device::Impl {
  explicit Impl(DeviceOptions o);

  DeviceOptions options;
  const uint64_t id;  // BufferHandle::device of this Device's buffers (unique in the process)
  isa::Arch arch;
  unsigned threads = 1;  // options.threads, 0 resolved to the core count
  // Simulated device memory: large enough for buffers up to the
  // --max-buffer-bytes ceiling plus code, kernargs and scratch (limits.hpp).
  memory::GlobalMemory mem{uint64_t{8} << 30};
  memory::Gds gds;
  // The timing config (loaded at construction) and its description for result documents.
  sim::timing::GpuConfig gpu;
  std::string configJson;
  std::string configFile;  // the config file it was read from ("": a built-in chip): an input of every run
  // The L2 state carried from one timing dispatch to the next (warm_caches.hpp).
  sim::timing::WarmCaches warm;
  std::map<std::string, BufferHandle, std::less<>> buffers;  // live buffers by name
  uint64_t bufferBytes = 0;                                  // their bytes (limits.maxBufferBytes)
  uint64_t unnamedBuffers = 0;                               // for "buffer<N>" names
  // Where the code objects' images are placed.
  std::map<const frontend::CodeObject*, uint64_t> imageBases;
  // One program, one image: every code object a kernel was loaded from, by canonical file path. A kernel
  // of the same file with the same contents uses the first one's CodeObject (and so its placed image and
  // program-scope variables), however many times and through whichever path the file was loaded.
  std::map<std::filesystem::path, std::vector<std::shared_ptr<const frontend::CodeObject>>> programs;

  std::shared_ptr<const frontend::CodeObject> sameProgram(std::shared_ptr<const frontend::CodeObject> co,
                                                          const std::filesystem::path& file);
  // The code object already loaded from `file` with exactly these bytes; null if none.
  std::shared_ptr<const frontend::CodeObject> loadedProgram(const std::filesystem::path& file,
                                                            const std::vector<uint8_t>& bytes) const;
  DeviceTotals totals;

  BufferHandle place(const std::string& name, uint64_t bytes);
  // The live buffer `b` names; InputError "WHAT: ..." if it was freed or is another Device's.
  const BufferHandle& live(const BufferHandle& b, const std::string& what) const;
  KernelRef finishKernel(std::shared_ptr<Kernel> k) const;
};

}  // namespace gcnsim
