// The Device API (frontend/device/device.hpp) from C++: a 1-D Jacobi heat
// smoothing loop on one simulated GPU, the host driving the iterations the way
// an OpenCL or HIP program does. The kernel (iterate.cl "smooth") sweeps
// `in` into `out`; the host swaps the two buffers between sweeps and never
// copies them back until the end. The caches stay warm between dispatches:
// the first sweep's cycles are those of a cold start, later ones are fewer.
//
// Usage: gcnsim_device_example ITERATE.gfx900.hsaco [SWEEPS]
// Prints the cycles of some sweeps and the totals, compares the result with
// the same sweeps on the CPU, and exits 0 if they match.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

#include "frontend/device/device.hpp"

namespace {

constexpr uint32_t kN = 4096;

// The kernel's sweep on the CPU.
void sweep(const std::vector<int32_t>& in, std::vector<int32_t>& out) {
  for (uint32_t i = 0; i < kN; ++i)
    out[i] = i == 0 || i == kN - 1 ? in[i] : (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s ITERATE.gfx900.hsaco [SWEEPS]\n", argv[0]);
    return 2;
  }
  const int sweeps = argc > 2 ? std::atoi(argv[2]) : 20;
  spdlog::set_level(spdlog::level::warn);  // gcnsim logs through spdlog; info is per dispatch
  try {
    gcnsim::DeviceOptions options;  // gfx900 and its chip, vega10; every core
    options.arch = "gfx900";
    gcnsim::Device dev(options);
    const gcnsim::KernelRef smooth = dev.loadCodeObject(argv[1], "smooth");
    // A hot left half, a cold right half.
    std::vector<int32_t> host(kN);
    for (uint32_t i = 0; i < kN; ++i) host[i] = i < kN / 2 ? 1 << 20 : 0;
    gcnsim::BufferHandle in = dev.allocate(kN * 4, "in"), out = dev.allocate(kN * 4, "out");
    dev.write(in, 0, host.data(), kN * 4);
    for (int s = 0; s < sweeps; ++s) {
      const gcnsim::DispatchResult r =
          dev.dispatch(smooth, {kN, 1, 1}, {256, 1, 1},
                       {gcnsim::KernelArg::of(in), gcnsim::KernelArg::of(out), gcnsim::KernelArg::value(kN)});
      if (!r.status.ok()) {
        std::fprintf(stderr, "sweep %d: %s: %s\n", s, r.doc.status.c_str(), r.status.message.c_str());
        return 1;
      }
      if (s < 3 || s == sweeps - 1)
        std::printf("sweep %3d: %llu cycles, %llu wave-instructions\n", s,
                    static_cast<unsigned long long>(r.cycles),
                    static_cast<unsigned long long>(r.instructions));
      std::swap(in, out);
    }
    std::vector<int32_t> result(kN);
    dev.read(in, 0, result.data(), kN * 4);

    std::vector<int32_t> tmp(kN);
    for (int s = 0; s < sweeps; ++s) sweep(host, tmp), host.swap(tmp);
    const gcnsim::DeviceTotals& t = dev.totals();
    std::printf("totals: %llu dispatches, %llu cycles, %llu wave-instructions, %.3f s simulated\n",
                static_cast<unsigned long long>(t.dispatches), static_cast<unsigned long long>(t.cycles),
                static_cast<unsigned long long>(t.instructions), t.seconds);
    for (uint32_t i = 0; i < kN; ++i)
      if (result[i] != host[i]) {
        std::printf("MISMATCH at %u: device %d, CPU %d\n", i, result[i], host[i]);
        return 1;
      }
    std::printf("result matches the CPU computation (%u elements, %d sweeps)\n", kN, sweeps);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gcnsim_device_example: %s\n", e.what());
    return 2;
  }
}
