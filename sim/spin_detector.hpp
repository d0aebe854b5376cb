// No-progress detection for the functional engine (the default watchdog's
// second half, README "Watchdog"): it finds a workgroup whose waves loop
// forever without writing memory -- typically a spin loop waiting on a flag
// that only a later workgroup would set, which in functional mode never runs
// while the spinning one holds the thread.
//
// It stops only a kernel that provably never ends. Between two round
// boundaries of FunctionalEngine::runWorkgroup in which the workgroup wrote
// no memory (no store or atomic to global, scratch, LDS or GDS, no GWS op),
// the next round is a function of the waves' registers alone (memory is
// unchanged, and the round schedule depends only on the waves' state). So if
// the waves' architectural state at one round boundary equals their state at
// an earlier one with no write in between, the workgroup repeats that stretch
// forever. A correct kernel, which ends, can never trip it. (A loop that
// reads s_memtime sees a new value each time, so its state never repeats; it
// and a loop polling with atomics are left to the instruction budget.)
//
// Cost: until a workgroup has run kQuietInstructions without writing memory,
// one comparison per round and a sum of the write-op counters every 64 K
// instructions. After that, every 8th round, a comparison of the waves'
// registers with a saved copy, cheap parts first (Brent's cycle detection: the
// copy is taken at power-of-two counts). Exact: no hash, no false match.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "sim/wave_state.hpp"

namespace gcnsim::sim {

class SpinDetector {
 public:
  // Quiet wave-instructions after which the detector starts hashing (2^24:
  // about 0.1-0.5 s of functional simulation).
  static constexpr uint64_t kQuietInstructions = uint64_t{1} << 24;

  // Starts watching a workgroup.
  void reset(const std::vector<uint64_t>* opCounts);
  // After a round: `executed` counts the workgroup's wave-instructions so
  // far. True if the waves' state repeats one seen since the last write.
  bool afterRound(std::span<const WaveState> waves, uint64_t executed);

 private:
  uint64_t memoryWrites() const;
  void disarm(uint64_t executed, uint64_t writes);

  const std::vector<uint64_t>* opCounts_ = nullptr;
  uint64_t nextCountAt_ = 0;  // `executed` at which to look at the write counters again
  uint64_t writes_ = 0;       // the write counters' sum when last looked at
  uint64_t quietFrom_ = 0;    // `executed` at the last write seen
  bool armed_ = false;
  // Brent's algorithm over round-boundary states.
  uint64_t rounds_ = 0;  // since armed
  std::vector<WaveState> saved_;
  uint64_t power_ = 1, steps_ = 0;
};

}  // namespace gcnsim::sim
