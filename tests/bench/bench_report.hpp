// The benchmark's output: a table row per kernel x generation x size, and per
// kernel x generation a summary against issue 12's targets, as text or JSON.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tests/bench/bench_run.hpp"

namespace gcnsim::bench {

struct SizeResult {
  uint32_t workgroups = 0;
  uint64_t waves = 0;
  ModeRun functional, timing;
};

struct KernelResult {
  std::string kernel, gen;
  uint64_t capacity = 0;  // resident waves that fill the GPU (waveCapacity)
  std::vector<SizeResult> sizes;
};

// Issue 12's targets, each measured over the sizes that ran and were right.
struct Summary {
  double functionalTarget = 10;           // M wave-instructions per CPU second (20 for the FMA loop)
  std::optional<double> functionalWorst;  // lowest functional M/s over the sizes
  std::optional<double> ratioWorst;       // highest timing / functional CPU per wave-instruction
  std::optional<size_t> fullSize;         // index of the smallest size whose waves fill the GPU
  std::optional<double> scaling;  // timing ns/wave-instr: largest size / fullSize (fullSize < largest)
  static constexpr double kRatioTarget = 3, kScalingTarget = 1.3;
};

Summary summarize(const KernelResult& r);

std::string tableHeader();
std::string tableRow(const KernelResult& r, const SizeResult& s);
std::string summaryLine(const KernelResult& r, const Summary& s);
nlohmann::ordered_json resultJson(const KernelResult& r, const Summary& s);

}  // namespace gcnsim::bench
