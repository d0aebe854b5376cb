// Internal: a job run through a Device -- the options, arguments and
// outputs of `gcnsim run` (run_cmd.cpp runJob) as Device calls.
#pragma once
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/device/device.hpp"

namespace gcnsim::frontend {

DeviceOptions deviceOptions(const Job& job, const RunOptions& opt);
LaunchOptions launchOptions(const RunOptions& opt);
// The job's arguments, buffers named by the job (placed on `dev` under their
// names). `iteration` is added to every value argument marked "iteration".
std::vector<gcnsim::KernelArg> kernelArgs(const Device& dev, const std::vector<ArgSpec>& args,
                                          uint64_t iteration = 0);
RunOutcome outcomeOf(DispatchResult&& r);
// The job's "output" buffers, read back into doc.buffers.
void readOutputs(const Device& dev, const Job& job, ResultDoc& doc);

}  // namespace gcnsim::frontend
