// Benchmark (prints figures, asserts nothing): the host cost of one Device
// dispatch beyond the simulation itself. A tiny kernel (iterate.cl
// "add_step" on one wave) is dispatched N times; the overhead per dispatch
// is the wall time of dispatch() minus DispatchResult::seconds (the engine's
// own run), in both modes (timing with warm caches, and with cold ones:
// resetCaches() before every dispatch).
//
// Usage: gcnsim_dispatch_overhead ITERATE.gfx900.hsaco [N]
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "frontend/device/device.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s ITERATE.gfx900.hsaco [N]\n", argv[0]);
    return 2;
  }
  const int n = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1000;
  spdlog::set_level(spdlog::level::warn);  // gcnsim logs through spdlog; info is per dispatch
  try {
    for (const char* mode : {"functional", "timing", "timing-cold"}) {
      gcnsim::DeviceOptions options;
      options.threads = 1;
      gcnsim::Device dev(options);
      const gcnsim::KernelRef add = dev.loadCodeObject(argv[1], "add_step");
      const gcnsim::BufferHandle a = dev.allocate(64 * 4, "a");
      gcnsim::LaunchOptions opt;
      const bool cold = std::string(mode) == "timing-cold";  // resetCaches() before every dispatch
      opt.mode = cold ? "timing" : mode;
      std::vector<double> overhead, sim;
      for (int i = 0; i < n; ++i) {
        if (cold) dev.resetCaches();
        const auto t0 = std::chrono::steady_clock::now();
        const gcnsim::DispatchResult r =
            dev.dispatch(add, {64, 1, 1}, {64, 1, 1},
                         {gcnsim::KernelArg::of(a), gcnsim::KernelArg::value<int32_t>(1),
                          gcnsim::KernelArg::value<uint32_t>(64)},
                         opt);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        overhead.push_back(wall - r.seconds);
        sim.push_back(r.seconds);
      }
      std::sort(overhead.begin(), overhead.end());
      std::sort(sim.begin(), sim.end());
      std::printf(
          "%-10s %d dispatches of one wave: overhead per dispatch median %.1f us, p90 %.1f us; "
          "simulation median %.1f us\n",
          mode, n, overhead[n / 2] * 1e6, overhead[n * 9 / 10] * 1e6, sim[n / 2] * 1e6);
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gcnsim_dispatch_overhead: %s\n", e.what());
    return 2;
  }
}
