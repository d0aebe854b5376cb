// Device (device.hpp): loading kernels from code objects, raw code and jobs.
#include <algorithm>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/device/device.hpp"
#include "frontend/device/device_impl.hpp"

namespace gcnsim {

using frontend::InputError;

const std::string& kernelName(const KernelRef& kernel) { return kernel->spec.name; }

const frontend::KernelInfo* kernelMetadata(const KernelRef& kernel) {
  return kernel->raw() ? nullptr : &kernel->info();
}

uint32_t Kernel::sgprsPerWave() const { return frontend::sgprsPerWave(spec, raw() ? nullptr : &info()); }

KernelRef Device::Impl::finishKernel(std::shared_ptr<Kernel> k) const {
  k->owner = this;
  if (k->spec.arch.gen != arch.gen)
    throw InputError(k->where + ": the kernel is for " + k->spec.arch.llvmName + ", the device is " +
                     arch.llvmName);
  return k;
}

namespace {

// The file's identity: its canonical path (symbolic links, "." and ".." resolved), or the path as given
// when it cannot be resolved (the file is then read, and fails, by that name).
std::filesystem::path canonicalFile(const std::filesystem::path& file) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(file, ec);
  return ec ? file : p;
}

}  // namespace

std::shared_ptr<const frontend::CodeObject> Device::Impl::sameProgram(
    std::shared_ptr<const frontend::CodeObject> co, const std::filesystem::path& file) {
  auto& loaded = programs[canonicalFile(file)];
  for (const auto& other : loaded)
    if (other == co || other->file == co->file) return other;
  loaded.push_back(co);
  return co;
}

std::shared_ptr<const frontend::CodeObject> Device::Impl::loadedProgram(
    const std::filesystem::path& file, const std::vector<uint8_t>& bytes) const {
  const auto it = programs.find(canonicalFile(file));
  if (it == programs.end()) return nullptr;
  for (const auto& co : it->second)
    if (co->file == bytes) return co;
  return nullptr;
}

KernelRef Device::loadCodeObject(const std::filesystem::path& file, const std::string& kernelName) {
  // Read every time: a cache by path alone served the old code after the file was rebuilt. The same
  // contents still share one CodeObject (one image, one set of program-scope variables: sameProgram).
  std::vector<uint8_t> bytes = frontend::readInputFile(file, impl_->options.limits.maxFileBytes);
  std::shared_ptr<const frontend::CodeObject> co = impl_->loadedProgram(file, bytes);
  if (!co)
    co = std::make_shared<const frontend::CodeObject>(
        frontend::loadCodeObject(std::move(bytes), file.string()));
  frontend::KernelSpec spec;
  spec.file = file;
  spec.arch = co->arch;
  if (!kernelName.empty()) {
    spec.name = kernelName;
  } else if (co->kernels.size() == 1) {
    spec.name = co->kernels[0].name;
  } else {
    throw InputError(file.string() + ": name a kernel (kernels: " + co->kernelNames() + ")");
  }
  return loadKernel(spec, co);
}

KernelRef Device::loadKernel(const frontend::KernelSpec& spec,
                             std::shared_ptr<const frontend::CodeObject> codeObject,
                             std::vector<uint8_t> rawCode, const std::string& where) {
  auto k = std::make_shared<Kernel>();
  k->where = where.empty() ? spec.file.string() : where;
  k->spec = spec;
  if (spec.format == frontend::KernelFormat::Elf) {
    if (!codeObject) throw InputError(k->where + ": kernel " + spec.name + ": no code object");
    codeObject = impl_->sameProgram(std::move(codeObject), spec.file);
    const frontend::KernelInfo* info = codeObject->findKernel(spec.name);
    if (!info)
      throw InputError(k->where + ": no kernel \"" + spec.name + "\" (kernels: " + codeObject->kernelNames() +
                       ")");
    k->kernelIndex = static_cast<size_t>(info - codeObject->kernels.data());
    k->codeObject = std::move(codeObject);
  } else {
    if (rawCode.empty() || rawCode.size() % 4)
      throw InputError(k->where + ": " + std::to_string(rawCode.size()) +
                       " bytes; raw machine code is a non-empty sequence of 4-byte words");
    k->rawCode = std::move(rawCode);
  }
  return impl_->finishKernel(std::move(k));
}

KernelRef Device::loadRaw(std::vector<uint8_t> code, RawKernelOptions options) {
  return loadRawCode(std::move(code), std::move(options), {});
}

KernelRef Device::loadRawCode(std::vector<uint8_t> code, RawKernelOptions options,
                              const std::filesystem::path& file) {
  frontend::KernelSpec spec;
  spec.format = frontend::KernelFormat::Raw;
  spec.file = file;  // (the kernel's input file, which a trace may not overwrite; messages name `where`)
  const std::string where = options.name.empty() ? "raw code" : options.name;
  spec.name = options.name.empty() ? "raw" : options.name;
  spec.arch = impl_->arch;
  const uint32_t maxSgprs = impl_->arch.gen <= isa::Gen::GCN11 ? 104 : 102;
  if (options.sgprs > maxSgprs)
    throw InputError(spec.name + ": sgprs " + std::to_string(options.sgprs) + " exceed " +
                     std::to_string(maxSgprs));
  if (options.vgprs > 256)
    throw InputError(spec.name + ": vgprs " + std::to_string(options.vgprs) + " exceed 256");
  if (options.ldsBytes > frontend::kMaxLdsBytes)
    throw InputError(spec.name + ": ldsBytes " + std::to_string(options.ldsBytes) + " exceed " +
                     std::to_string(frontend::kMaxLdsBytes));
  spec.sgprs = options.sgprs ? options.sgprs : maxSgprs;
  spec.vgprs = options.vgprs ? options.vgprs : 256;
  spec.ldsBytes = options.ldsBytes;
  spec.setup = std::move(options.setup);
  if (!options.setupJson.empty()) {
    std::vector<frontend::BufferSpec> named;  // what the setup may name: sizes for offsets and V#s
    for (const BufferHandle& b : buffers()) {
      frontend::BufferSpec s;
      s.name = b.name;
      s.size = b.bytes;
      named.push_back(std::move(s));
    }
    spec.setup = frontend::parseRawSetupText(options.setupJson, named, spec, spec.name);
  }
  return loadKernel(spec, nullptr, std::move(code), where);
}

KernelRef Device::loadRaw(const std::filesystem::path& file, RawKernelOptions options) {
  if (options.name.empty()) options.name = file.stem().string();
  std::vector<uint8_t> code = frontend::readInputFile(file, impl_->options.limits.maxFileBytes);
  if (code.empty() || code.size() % 4)
    throw InputError(file.string() + " has " + std::to_string(code.size()) +
                     " bytes; raw machine code is a non-empty sequence of 4-byte words");
  return loadRawCode(std::move(code), std::move(options), file);
}

}  // namespace gcnsim
