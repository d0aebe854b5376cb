// Internal: running a multi-step job's steps on a Device (README "Steps").
#pragma once
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/device/device.hpp"

namespace gcnsim::frontend {

// Runs job.steps on `dev` (the job's buffers already placed under their
// names) and returns the outcome: doc.stats summed over the dispatches, the
// result sections "steps" (one entry per dispatch that ran: path, kernel,
// cycles, instructions, status) and "totals". The first dispatch that does
// not end "ok" stops the job with its status, the message naming its step;
// an until-repeat that reaches its max without its condition ends the job
// with status "watchdog" naming the repeat.
RunOutcome runSteps(Device& dev, const Job& job, const RunOptions& opt);

}  // namespace gcnsim::frontend
