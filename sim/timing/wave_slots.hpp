// The storage of a CU group's resident waves: one block per hardware wave
// slot (CU x SIMD x slot, as the dispatcher numbers them), made the first
// time a wave is placed in the slot and reused by every later one.
//
// Why: at full occupancy thousands of waves are resident and each arrival
// used to allocate its WaveState, its VGPR file and its WaveCtx afresh (and
// zero them: page faults, malloc, memory the caches had not seen). A slot's
// block keeps its VGPR file's capacity (WaveState::resize reuses it), so an
// arriving wave allocates nothing once its slot has been used; and a wave's
// issue context and architectural state sit side by side.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/timing/wave_ctx.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim::timing {

struct WaveSlot {
  WaveCtx ctx;      // first: the lines every issue turn reads (alignas(64))
  WaveState state;  // ctx.w points here while a wave is in the slot
};

class WaveSlots {
 public:
  WaveSlots(uint32_t cus, uint32_t simds, uint32_t slotsPerSimd)
      : simds_(simds), perSimd_(slotsPerSimd), slots_(size_t(cus) * simds * slotsPerSimd) {}
  // The block of slot `slot` of SIMD `simd` of the group's CU `cu` (0-based within the group).
  WaveSlot& at(uint32_t cu, uint32_t simd, uint32_t slot) {
    std::unique_ptr<WaveSlot>& s = slots_[(size_t(cu) * simds_ + simd) * perSimd_ + slot];
    if (!s) s = std::make_unique<WaveSlot>();
    return *s;
  }

 private:
  uint32_t simds_, perSimd_;
  // One allocation per slot, made on first use: a run that fills few slots
  // touches little memory.
  std::vector<std::unique_ptr<WaveSlot>> slots_;
};

}  // namespace gcnsim::sim::timing
