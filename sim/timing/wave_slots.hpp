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
      : perCu_(size_t(simds) * slotsPerSimd), perSimd_(slotsPerSimd), cus_(cus) {}
  ~WaveSlots() {
    for (Cu& cu : cus_)
      if (cu.slots) {
        for (size_t i = 0; i < perCu_; ++i)
          if (cu.made[i]) std::destroy_at(cu.slots + i);
        std::allocator<WaveSlot>().deallocate(cu.slots, perCu_);
      }
  }
  WaveSlots(const WaveSlots&) = delete;
  WaveSlots& operator=(const WaveSlots&) = delete;

  // The block of slot `slot` of SIMD `simd` of the group's CU `cu` (0-based within the group).
  WaveSlot& at(uint32_t cu, uint32_t simd, uint32_t slot) {
    Cu& c = cus_[cu];
    if (!c.slots) {
      c.slots = std::allocator<WaveSlot>().allocate(perCu_);
      c.made.assign(perCu_, 0);
    }
    const size_t i = size_t(simd) * perSimd_ + slot;
    if (!c.made[i]) {
      std::construct_at(c.slots + i);
      c.made[i] = 1;
    }
    return c.slots[i];
  }

 private:
  // A CU's slots: one allocation, made when the CU gets its first wave; a
  // slot's block is constructed (its memory touched) when it gets its first
  // wave -- a run that fills few slots touches little memory, and a CU's
  // waves cost one malloc, not one each.
  struct Cu {
    WaveSlot* slots = nullptr;
    std::vector<uint8_t> made;  // per slot: constructed
  };
  size_t perCu_;
  uint32_t perSimd_;
  std::vector<Cu> cus_;
};

}  // namespace gcnsim::sim::timing
