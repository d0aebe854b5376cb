#include "frontend/cli/run_signals.hpp"

#include <atomic>
#include <csignal>

namespace gcnsim::frontend {
namespace {

// Only lock-free atomics are touched in the handler (async-signal-safe).
std::atomic<sim::RunControl*> gControl{nullptr};
std::atomic<int> gSignal{0};
struct sigaction gOldInt, gOldTerm;

void onSignal(int sig) {
  gSignal.store(sig);
  if (sim::RunControl* c = gControl.load()) c->stop.store(true);
  signal(sig, SIG_DFL);  // a second one ends the process
}

}  // namespace

StopOnSignals::StopOnSignals(sim::RunControl& control) {
  static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
  gControl.store(&control);
  gSignal.store(0);  // a process may run many times (the Python package)
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &gOldInt);
  sigaction(SIGTERM, &sa, &gOldTerm);
}

StopOnSignals::~StopOnSignals() {
  sigaction(SIGINT, &gOldInt, nullptr);
  sigaction(SIGTERM, &gOldTerm, nullptr);
  gControl.store(nullptr);
}

int StopOnSignals::received() { return gSignal.load(); }

}  // namespace gcnsim::frontend
