// Internal: the parts of Device::dispatch that describe a finished run.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "frontend/device/device_impl.hpp"
#include "sim/dispatch.hpp"
#include "sim/timing/timing_engine.hpp"

namespace gcnsim {

bool wantsReport(const LaunchOptions& o, const char* report);

// The kernel's code from its entry point, then that of each function of the
// code object it called (one with a PC in `profile`), for the annotated listing
// (with source lines for a code object with a line table).
std::vector<frontend::ListingLine> kernelListing(const Kernel& k, const sim::DispatchSpec& spec,
                                                 const memory::GlobalMemory& mem,
                                                 const frontend::StallProfile& profile);

// Fills `out` (counts, opCounts, timing summary, the result document without
// buffers) from the engine's statistics; `timing` is null in functional mode
// (its opCounts were moved into `stats`).
void fillResult(const Device::Impl& dev, const Kernel& k, const std::array<uint32_t, 3>& grid,
                const std::array<uint32_t, 3>& workgroup, const std::string& mode, sim::DispatchStats& stats,
                const sim::timing::TimingStats* timing, DispatchResult& out);

}  // namespace gcnsim
