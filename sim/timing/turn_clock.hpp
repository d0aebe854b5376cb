// The issue turns of a CU's SIMDs: cycle c is the turn of SIMD c mod simds
// (the issue model of timing_engine.hpp: each cycle one SIMD per CU is
// considered, round-robin; GcnTimings.md "Preliminary explanations": "Almost
// all instructions (scalar and vector) are executed within 4 cycles. Hence,
// to achieve maximum performance, 4 wavefronts should be executed per
// compute unit" -- one per SIMD, each taking its turn every 4 cycles). The issue
// stage divides by the SIMD count several times per instruction (which
// SIMD's turn a cycle is, how many turns a stall lasted); a 64-bit division
// costs tens of host cycles, so for a power-of-two count -- every GCN CU has
// 4 -- it is a shift and a mask. Any other count (a config may set 1..16)
// divides.
#pragma once
#include <bit>
#include <cstdint>

namespace gcnsim::sim::timing {

class TurnClock {
 public:
  explicit TurnClock(uint32_t simds)
      : simds_(simds), pow2_(std::has_single_bit(simds)), shift_(uint32_t(std::countr_zero(simds))) {}
  uint32_t simds() const { return simds_; }
  // Whole turns of one SIMD in `cycles` cycles (cycles / simds).
  uint64_t turns(uint64_t cycles) const { return pow2_ ? cycles >> shift_ : cycles / simds_; }
  // The SIMD whose turn cycle `c` is (c mod simds).
  uint32_t simdAt(uint64_t c) const { return uint32_t(pow2_ ? c & (simds_ - 1) : c % simds_); }
  // The first cycle >= t that is SIMD `simd`'s turn.
  uint64_t turnAtOrAfter(uint64_t t, uint32_t simd) const {
    if (pow2_) return turnAtOrAfterPow2(t, simd, simds_);
    const uint32_t ahead = simd + simds_ - simdAt(t);  // in [1, 2 * simds)
    return t + (ahead >= simds_ ? ahead - simds_ : ahead);
  }
  // The same for a power-of-two SIMD count `simds`: t + (simd - t) mod simds (2^64 is a multiple of it).
  static constexpr uint64_t turnAtOrAfterPow2(uint64_t t, uint32_t simd, uint32_t simds) {
    return t + ((simd - t) & (simds - 1));
  }

 private:
  uint32_t simds_;
  bool pow2_;
  uint32_t shift_;
};

}  // namespace gcnsim::sim::timing
