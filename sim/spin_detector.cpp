#include "sim/spin_detector.hpp"

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

// What decides the waves' future: registers, PC and flags (not the counters
// and identification, which do not feed back into execution). The cheap parts
// first: in most rounds of a loop that counts, they already differ.
bool sameState(std::span<const WaveState> a, std::span<const WaveState> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const WaveState &x = a[i], &y = b[i];
    if (x.pc != y.pc || x.scc != y.scc || x.status != y.status || x.gwsWaiting != y.gwsWaiting ||
        x.gwsGeneration != y.gwsGeneration || x.hw.mode != y.hw.mode || x.hw.status != y.hw.status ||
        x.hw.trapsts != y.hw.trapsts || x.sreg != y.sreg || x.vgpr != y.vgpr)
      return false;
  }
  return true;
}

constexpr uint64_t kCountEvery = uint64_t{1} << 16;
// Armed, the state is compared every kCompareEvery rounds: Brent's algorithm
// over that sequence (the state kCompareEvery rounds on is a function of the
// state too) finds the same loops, at an eighth of the cost.
constexpr uint64_t kCompareEvery = 8;

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
    rounds_ = 0;
  }
  if (++rounds_ % kCompareEvery != 0) return false;
  // The write counters only grow: a write since the copy shows here.
  if (const uint64_t writes = memoryWrites(); writes != writes_) {
    disarm(executed, writes);
    return false;
  }
  if (!saved_.empty() && sameState(waves, saved_)) return true;
  if (saved_.empty() || ++steps_ == power_) {
    saved_.assign(waves.begin(), waves.end());
    power_ *= 2;
    steps_ = 0;
  }
  return false;
}

}  // namespace gcnsim::sim
