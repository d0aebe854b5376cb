// Internal: what a KernelRef holds (device.hpp declares it opaque).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/code_object/code_object.hpp"
#include "frontend/device/device.hpp"
#include "frontend/job/job.hpp"
#include "frontend/job/kernel_launch.hpp"

namespace gcnsim {

struct Kernel {
  const Device::Impl* owner = nullptr;  // the Device that loaded it
  std::string where;                    // for messages: the job or code file it came from
  // The code object or raw code file it was read from (file; "": raw bytes), name, arch, format; raw: sgprs,
  // vgprs, lds_bytes, setup.
  frontend::KernelSpec spec;
  std::shared_ptr<const frontend::CodeObject> codeObject;  // ELF
  size_t kernelIndex = 0;                                  // ELF: the kernel in codeObject
  std::vector<uint8_t> rawCode;                            // raw machine code
  // What the Device's launches of this kernel placed in memory, reused by the
  // next launch (kernel_launch.hpp LaunchLayout). Mutable: a KernelRef is
  // const to its users, the Device updates its own placement.
  mutable frontend::LaunchLayout layout;

  bool raw() const { return spec.format == frontend::KernelFormat::Raw; }
  const frontend::KernelInfo& info() const { return codeObject->kernels.at(kernelIndex); }
  // SGPRs each wave holds in timing mode (run_cmd.hpp frontend::sgprsPerWave).
  uint32_t sgprsPerWave() const;
};

}  // namespace gcnsim
