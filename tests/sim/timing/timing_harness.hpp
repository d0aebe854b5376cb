// Timing-model test harness: runs a program on one CU of the timing model
// with a WaveHarness's memory, LDS and initial wave, and keeps the trace of
// issued instructions. Components come from default structs
// (sim::timing::GpuConfig{}), never from config files.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "isa/table.hpp"
#include "sim/code_cache.hpp"
#include "sim/timing/inst_class.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/harness.hpp"

namespace gcnsim::test {

struct TimedRun {
  sim::RunStatus status;
  sim::timing::TimingStats stats;
  std::vector<sim::timing::IssueRecord> trace;

  // Issue cycles of wave `wave`'s instructions of `kind`, in order.
  std::vector<uint64_t> cycles(sim::timing::Kind kind, uint32_t wave = 0) const {
    std::vector<uint64_t> out;
    for (const auto& r : trace)
      if (r.kind == kind && r.waveId == wave) out.push_back(r.cycle);
    return out;
  }
};

// `numWaves` copies of h.wave form one workgroup on CU 0 (v0 = workitem id
// when numWaves > 1, as WaveHarness::runWorkgroup does); `simdOf` pins waves
// to SIMDs. The waves end up in h.waves (and h.wave for a single wave).
inline TimedRun runTimed(WaveHarness& h, const std::vector<uint32_t>& code, const sim::timing::GpuConfig& cfg,
                         unsigned numWaves = 1, std::vector<uint32_t> simdOf = {}, bool trace = true,
                         uint64_t maxCycles = 10'000'000) {
  const uint64_t bytes = code.size() * 4 + 64;
  h.codeBase = h.mem.allocate(bytes, 256, "code");
  h.mem.write(h.codeBase, code.data(), code.size() * 4);
  sim::CodeCache cache(h.gen, h.mem, h.codeBase, code.size() * 4);
  cache.setSgprs(h.wave.numSgprs);
  h.waves.assign(numWaves, h.wave);
  for (unsigned i = 0; i < numWaves; ++i) {
    h.waves[i].pc = h.codeBase;
    h.waves[i].waveId = i;
    h.waves[i].waveInGroup = i;
    if (numWaves > 1 && h.waves[i].numVgprs > 0)
      for (unsigned l = 0; l < sim::kWaveSize; ++l) h.waves[i].v(0)[l] = i * sim::kWaveSize + l;
  }
  TimedRun run;
  sim::timing::TimingOptions opt;
  opt.limits.maxCycles = maxCycles;
  if (trace) opt.onIssue = [&run](const sim::timing::IssueRecord& r) { run.trace.push_back(r); };
  run.status = sim::timing::runWorkgroupTiming(cache, h.env, cfg, h.waves, opt, run.stats, simdOf);
  if (numWaves == 1) h.wave = h.waves[0];
  return run;
}

// Issue cycles the timing model charges for `mnemonic` in `gen`: its table
// row's timing facts (isa::OpInfo::timing) with cfg's chip factors.
inline uint64_t issueCycles(std::string_view mnemonic, isa::Gen gen, const sim::timing::GpuConfig& cfg) {
  const isa::OpInfo* op = isa::findOpByName(mnemonic, gen);
  if (!op) throw std::invalid_argument(std::string(mnemonic) + ": no table row");
  return sim::timing::classifyOp(*op, cfg.issue).cycles;
}

inline uint64_t sreg64(const sim::WaveState& w, unsigned r) { return w.sreg64(r); }

// Differences of consecutive values (issue cycles -> intervals between issues).
inline std::vector<uint64_t> diffs(const std::vector<uint64_t>& c) {
  std::vector<uint64_t> d;
  for (size_t i = 1; i < c.size(); ++i) d.push_back(c[i] - c[i - 1]);
  return d;
}

}  // namespace gcnsim::test
