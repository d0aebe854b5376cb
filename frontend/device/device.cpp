// Device (device.hpp): construction, buffers, totals and the warm caches.
#include "frontend/device/device.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <nlohmann/json.hpp>

#include "frontend/cli/limit_options.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/config/config_loader.hpp"
#include "frontend/device/device_impl.hpp"

namespace gcnsim {

using frontend::InputError;

namespace {
// Device::Impl::id: never 0, and never reused, even at the address of a destroyed Device.
uint64_t nextDeviceId() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}
}  // namespace

Device::Impl::Impl(DeviceOptions o) : options(std::move(o)), id(nextDeviceId()) {
  const std::optional<isa::Arch> a = isa::parseArch(options.arch);
  if (!a)
    throw InputError("arch: unknown architecture \"" + options.arch + "\" (expected one of " +
                     isa::knownArchNames() + ")");
  arch = *a;
  frontend::checkLimits(options.limits);
  if (options.threads > kMaxThreads)
    throw InputError("threads: " + std::to_string(options.threads) +
                     " is not a thread count (expected 1 to " + std::to_string(kMaxThreads) +
                     ", or 0 for all cores)");
  threads = options.threads ? options.threads : frontend::defaultThreads();
  const frontend::RunConfig rc =
      frontend::loadRunConfig(options.config, options.sets, arch.gen, options.limits.maxFileBytes);
  gpu = rc.gpu;
  if (rc.source != "built-in") configFile = rc.source;
  if (rc.gen && *rc.gen != arch.gen)
    spdlog::warn("config {} is for {}, the kernel for {} ({}): timings are of a different generation",
                 frontend::escapeText(gpu.name), isa::genName(*rc.gen), isa::genName(arch.gen),
                 arch.llvmName);
  configJson = nlohmann::json{{"name", gpu.name},
                              {"source", rc.source},
                              {"overrides", rc.overrides},
                              {"values", frontend::gpuConfigValues(gpu)}}
                   .dump();
}

Device::Device(DeviceOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Device::~Device() = default;

const DeviceOptions& Device::options() const { return impl_->options; }
const isa::Arch& Device::arch() const { return impl_->arch; }
const DeviceTotals& Device::totals() const { return impl_->totals; }
void Device::resetCaches() { impl_->warm.clear(); }

BufferHandle Device::Impl::place(const std::string& name, uint64_t bytes) {
  if (name.empty()) throw InputError("buffer: a buffer needs a name");
  if (buffers.count(name)) throw InputError("buffer \"" + name + "\": the name is taken by another buffer");
  if (bytes > options.limits.maxBufferBytes - std::min(bufferBytes, options.limits.maxBufferBytes))
    throw InputError("buffer \"" + name + "\": " + std::to_string(bytes) +
                     " bytes exceed the buffer memory limit of " +
                     std::to_string(options.limits.maxBufferBytes) + " bytes (" +
                     std::to_string(bufferBytes) + " already used) (--max-buffer-bytes)");
  BufferHandle h{mem.allocate(bytes, 256, name), bytes, name, id};  // (an empty buffer: an address, no byte)
  bufferBytes += bytes;
  buffers.emplace(name, h);
  return h;
}

const BufferHandle& Device::Impl::live(const BufferHandle& b, const std::string& what) const {
  // Another Device's handle can match a buffer here in name, address and size: Devices allocate alike.
  if (b.device != id) throw InputError(what + ": buffer \"" + b.name + "\" belongs to another device");
  const auto it = buffers.find(b.name);
  if (it == buffers.end() || it->second.address != b.address || it->second.bytes != b.bytes)
    throw InputError(what + ": buffer \"" + b.name + "\" is not a live buffer of this device (freed?)");
  return it->second;
}

BufferHandle Device::allocate(uint64_t bytes, const std::string& name) {
  // The job file's rule (a name with a newline or an escape sequence had been taken, and printed raw).
  if (const std::string problem = frontend::bufferNameProblem(name); !name.empty() && !problem.empty())
    throw InputError(problem);
  if (!name.empty()) return impl_->place(name, bytes);
  std::string n;
  do n = "buffer" + std::to_string(impl_->unnamedBuffers++);
  while (impl_->buffers.count(n));
  return impl_->place(n, bytes);
}

BufferHandle Device::allocate(frontend::BufferSpec&& spec) {
  const BufferHandle h = impl_->place(spec.name, spec.size);
  if (!spec.file.empty()) {
    const std::shared_ptr<frontend::MappedFile> mapped = frontend::mapInputFile(spec.file, spec.fileSize);
    impl_->mem.adopt(h.address, mapped->bytes(), mapped);
  } else if (!spec.bytes.empty()) {
    impl_->mem.adopt(h.address, std::move(spec.bytes));
  }
  return h;
}

namespace {
// The decimal digits of `v` (std::to_string has no 128-bit overload).
std::string decimal(unsigned __int128 v) {
  std::string s;
  do s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
  while (v /= 10);
  return s;
}

void checkRange(const BufferHandle& b, uint64_t offset, uint64_t bytes, const char* what) {
  // The end in 128 bits: offset + bytes can pass 2^64, and a wrapped end had read "[2^64 - 3, 5)".
  const unsigned __int128 end = static_cast<unsigned __int128>(offset) + bytes;
  if (end > b.bytes)
    throw InputError(std::string(what) + " buffer \"" + b.name + "\": bytes [" + std::to_string(offset) +
                     ", " + decimal(end) + ") are outside its " + std::to_string(b.bytes) + " bytes");
}
}  // namespace

void Device::write(const BufferHandle& buffer, uint64_t offset, const void* data, uint64_t bytes) {
  const BufferHandle& b = impl_->live(buffer, "write");
  checkRange(b, offset, bytes, "write:");
  if (bytes && !impl_->mem.write(b.address + offset, data, bytes))
    throw InputError("write: buffer \"" + b.name + "\": device memory not mapped");
}

void Device::read(const BufferHandle& buffer, uint64_t offset, void* data, uint64_t bytes) const {
  const BufferHandle& b = impl_->live(buffer, "read");
  checkRange(b, offset, bytes, "read:");
  if (bytes && !impl_->mem.read(b.address + offset, data, bytes))
    throw InputError("read: buffer \"" + b.name + "\": device memory not mapped");
}

const BufferHandle* Device::findBuffer(const std::string& name) const {
  const auto it = impl_->buffers.find(name);
  return it == impl_->buffers.end() ? nullptr : &it->second;
}

std::vector<BufferHandle> Device::buffers() const {
  std::vector<BufferHandle> out;
  for (const auto& [name, b] : impl_->buffers) out.push_back(b);
  return out;
}

void Device::free(const BufferHandle& buffer) {
  const BufferHandle& b = impl_->live(buffer, "free");
  const std::string name = b.name;
  impl_->bufferBytes -= b.bytes;
  impl_->mem.unmap(b.address);  // its pages go back to the host (they had stayed: RSS grew without bound)
  impl_->buffers.erase(name);
}

uint64_t Device::residentBytes() const { return impl_->mem.residentBytes(); }

}  // namespace gcnsim
