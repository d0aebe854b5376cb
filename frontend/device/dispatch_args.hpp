// Internal: a dispatch's arguments and geometry checked against its kernel.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "frontend/device/device_impl.hpp"
#include "frontend/kernel_launch.hpp"

namespace gcnsim {

// The launch values of `args` (buffer handles become their addresses).
// InputError "WHERE: args[I]: ..." for arguments the kernel's metadata does
// not take, or a freed buffer.
std::vector<frontend::ArgValue> launchValues(const Device::Impl& dev, const Kernel& k,
                                             const std::vector<KernelArg>& args);

// InputError "WHERE: grid: ..." / "WHERE: workgroup: ..." for a geometry the
// simulator cannot run (as the job file's checks: README "Job file").
void checkGeometry(const Kernel& k, const std::array<uint32_t, 3>& grid,
                   const std::array<uint32_t, 3>& workgroup, const frontend::Limits& limits);

}  // namespace gcnsim
