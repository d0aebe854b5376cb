#include "sim/spin_detector.hpp"

#include <cstring>

#include "isa/table.hpp"

namespace gcnsim::sim {
namespace {

// allOps() rows of the instructions that may write memory: stores and atomics
// of every format (LDS and GDS included) and the other DS instructions that
// are not plain loads (GWS, append/consume).
const std::vector<uint32_t>& memoryWriteOps() {
  static const std::vector<uint32_t> ops = [] {
    std::vector<uint32_t> v;
    const auto all = isa::allOps();
    for (uint32_t i = 0; i < all.size(); ++i) {
      const isa::OpInfo& op = *all[i];
      if (op.has(isa::kStore) || op.has(isa::kAtomic) ||
          (op.format == isa::Format::DS && !op.has(isa::kLoad)))
        v.push_back(i);
    }
    return v;
  }();
  return ops;
}

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull + (h >> 29); }

// What decides the waves' future: registers, PC and flags (not the counters
// and identification, which do not feed back into execution).
uint64_t stateHash(std::span<const WaveState> waves) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const WaveState& w : waves) {
    h = mix(h, w.pc);
    h = mix(h, uint64_t{w.scc} | uint64_t{w.ended} << 1 | uint64_t{w.atBarrier} << 2 |
                   uint64_t{w.gwsWaiting} << 3 | uint64_t{w.gwsGeneration} << 32);
    h = mix(h, uint64_t{w.hw.mode} | uint64_t{w.hw.status} << 32);
    h = mix(h, w.hw.trapsts);
    for (size_t i = 0; i < w.sreg.size(); i += 2)
      h = mix(h, uint64_t{w.sreg[i]} | uint64_t{w.sreg[i + 1]} << 32);
    for (size_t i = 0; i + 1 < w.vgpr.size(); i += 2)
      h = mix(h, uint64_t{w.vgpr[i]} | uint64_t{w.vgpr[i + 1]} << 32);
  }
  return h;
}

bool sameState(std::span<const WaveState> a, std::span<const WaveState> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const WaveState &x = a[i], &y = b[i];
    if (x.pc != y.pc || x.scc != y.scc || x.ended != y.ended || x.atBarrier != y.atBarrier ||
        x.gwsWaiting != y.gwsWaiting || x.gwsGeneration != y.gwsGeneration || x.hw.mode != y.hw.mode ||
        x.hw.status != y.hw.status || x.hw.trapsts != y.hw.trapsts || x.sreg != y.sreg || x.vgpr != y.vgpr)
      return false;
  }
  return true;
}

constexpr uint64_t kCountEvery = uint64_t{1} << 16;

}  // namespace

void SpinDetector::reset(const std::vector<uint64_t>* opCounts) {
  opCounts_ = opCounts;
  disarm(0, memoryWrites());
}

uint64_t SpinDetector::memoryWrites() const {
  uint64_t n = 0;
  if (opCounts_)
    for (uint32_t op : memoryWriteOps()) n += (*opCounts_)[op];
  return n;
}

void SpinDetector::disarm(uint64_t executed, uint64_t writes) {
  writes_ = writes;
  quietFrom_ = executed;
  nextCountAt_ = executed + kCountEvery;
  armed_ = false;
  saved_.clear();
  power_ = 1;
  steps_ = 0;
}

bool SpinDetector::afterRound(std::span<const WaveState> waves, uint64_t executed) {
  if (!opCounts_) return false;
  if (!armed_) {
    if (executed < nextCountAt_) return false;
    nextCountAt_ = executed + kCountEvery;
    const uint64_t writes = memoryWrites();
    if (writes != writes_) {
      disarm(executed, writes);
      return false;
    }
    if (executed - quietFrom_ < kQuietInstructions) return false;
    armed_ = true;
  } else if (const uint64_t writes = memoryWrites(); writes != writes_) {
    disarm(executed, writes);
    return false;
  }
  const uint64_t h = stateHash(waves);
  if (!saved_.empty() && h == savedHash_ && sameState(waves, saved_)) return true;
  if (saved_.empty() || ++steps_ == power_) {
    saved_.assign(waves.begin(), waves.end());
    savedHash_ = h;
    power_ *= 2;
    steps_ = 0;
  }
  return false;
}

}  // namespace gcnsim::sim
