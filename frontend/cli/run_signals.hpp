// SIGINT/SIGTERM during a run: the first one sets the run's stop flag (the
// engines end the run cleanly at their next check, and gcnsim writes what
// ran); the handler then restores the default action, so a second one kills
// the process at once.
#pragma once
#include "sim/run_control.hpp"

namespace gcnsim::frontend {

class StopOnSignals {
 public:
  explicit StopOnSignals(sim::RunControl& control);
  ~StopOnSignals();  // restores the previous handlers
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;

  // The signal that stopped the latest run (SIGINT, SIGTERM), or 0.
  static int received();
};

}  // namespace gcnsim::frontend
