// The benchmark's four kernels (kernels/src/*.cl): the job of each size and
// the check of its result against a CPU reference computed from the job's own
// input buffers. A wrong run is reported as such, never as a speed.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "frontend/job/job.hpp"
#include "frontend/report/result.hpp"

namespace gcnsim::bench {

// Every kernel runs work-groups of 256 work-items (4 waves).
inline constexpr uint32_t kWorkgroupItems = 256;
inline constexpr uint32_t kWavesPerWorkgroup = kWorkgroupItems / 64;

struct BenchKernel {
  const char* name;  // the OpenCL kernel and its code objects kernels/bin/NAME.GEN.hsaco
  const char* what;  // one line
  // The job document for `workgroups` work-groups (a multiple of 16), with the
  // code object at `hsaco` (an absolute path).
  nlohmann::ordered_json (*job)(uint32_t workgroups, const std::string& hsaco);
  // "" when the output buffers match the CPU reference, else the first mismatch.
  std::string (*check)(const frontend::Job& job, const frontend::ResultDoc& result);
};

std::span<const BenchKernel> benchKernels();

// Work-groups of the five sizes: 64 x scale x sqrt(10)^i (i = 0..4), each a
// multiple of 16 (a row of the matmul's tiles), so the largest is ~100x the smallest.
std::array<uint32_t, 5> benchSizes(double scale);

}  // namespace gcnsim::bench
