// The workgroup dispatcher of the timing model: where each workgroup goes and
// the CU resources it holds while resident. Knows nothing of instructions,
// events or memory; GpuTiming calls it at epoch boundaries and the CU group of
// the chosen CU builds the waves of a placed workgroup when it arrives.
//
// Contract:
//  - Resources, per SIMD: wave slots (cu.wave_slots_per_simd), VGPRs
//    (cu.vgprs_per_simd) and SGPRs (cu.sgprs_per_simd); per CU: LDS bytes
//    (cu.lds_bytes). A wave takes one slot and its VGPRs and SGPRs rounded up
//    to cu.vgpr_granule / cu.sgpr_granule on one SIMD; a workgroup takes its
//    LDS rounded up to cu.lds_granule on its CU. Every wave of a workgroup is
//    on the same CU.
//  - Placement (placeWorkgroups): workgroups in index order, at most
//    workgroups_per_cycle a call. A workgroup goes to the first CU, round
//    robin from the one after the CU that took the previous workgroup, where
//    all its waves and its LDS fit. Each wave, in order, goes to the SIMD
//    with the most free slots among those where it fits (lowest index on
//    ties), or to the SIMD the source pins it to (WorkgroupSource::simdOf,
//    modulo the SIMD count) -- if that one is full the workgroup does not fit
//    the CU. A wave takes the lowest free slot of its SIMD.
//  - A workgroup that fits no CU waits, and so do all later ones (in-order
//    dispatch): no placement is tried again until a wave retires
//    (retireWave), which is the only event that frees resources.
//  - retireWave frees the wave's slot, VGPRs and SGPRs; retireWorkgroup (after
//    its last wave) frees its LDS.
//  - Scratch: wave slot s of the GPU, numbered (cu * simds + simd) *
//    slots_per_simd + slot, uses scratch slot s.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "memory/lds.hpp"
#include "sim/timing/gpu_config.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim::timing {

struct WorkgroupCtx;

// How workgroups come into being: count, waves in each, and the builder
// that fills a workgroup's waves given the scratch slot of each wave.
struct WorkgroupSource {
  uint32_t count = 0;
  uint32_t ldsBytes = 0;
  uint32_t vgprsPerWave = 0, sgprsPerWave = 0;
  std::function<uint32_t(uint32_t index)> wavesIn;
  // Builds workgroup `index`'s waves, numbered from `firstWaveId` (the
  // dispatcher's order: the same however the groups run), in place: out[i]
  // is wave i's storage in its wave slot, holding whatever the slot's last
  // wave left (wave_slots.hpp), so that a wave's arrival allocates nothing.
  std::function<void(uint32_t index, uint32_t firstWaveId, std::span<const uint32_t> scratchSlots,
                     std::span<WaveState* const> out)>
      build;
  std::function<void(WorkgroupCtx& wg)> onFinish;  // optional (tests take the waves back)
  std::vector<uint32_t> simdOf;                    // optional fixed SIMD per wave
  memory::Lds* externalLds = nullptr;              // optional: use this LDS (tests), else one per workgroup
};

// Where a placed workgroup's waves went; valid until the next placement.
struct Placement {
  uint32_t cu = 0, index = 0;                     // CU, workgroup index
  uint32_t ldsAlloc = 0;                          // LDS bytes it holds (granule-rounded)
  std::span<const uint32_t> simd, slot, scratch;  // per wave
};

// Why a workgroup of `waves` waves of `vgprs` VGPRs and `sgprs` SGPRs each,
// with `ldsBytes` of LDS, can never be placed on `cfg` ("" if an empty CU
// holds it): what Dispatcher::start and the first placement would find, known
// before anything runs (a job with steps checks every dispatch up front).
// Pass the waves of the dispatch's largest workgroup, its first.
std::string workgroupFitProblem(const GpuConfig& cfg, uint32_t waves, uint32_t vgprs, uint32_t sgprs,
                                uint32_t ldsBytes);

class Dispatcher {
 public:
  // `cfg` must outlive the dispatcher.
  explicit Dispatcher(const GpuConfig& cfg);

  // Takes the workgroups of `src` (which must outlive the run): "" or why a
  // wave or workgroup can never be placed (then nothing is).
  std::string start(const WorkgroupSource& src);

  bool pending() const { return next_ < src_->count; }            // workgroups not yet placed
  bool mayPlace() const { return pending() && resourcesFreed_; }  // worth trying placeWorkgroups
  bool done() const { return !pending() && residentWgs_ == 0; }
  uint32_t residentWorkgroups() const { return residentWgs_; }

  // Places up to workgroups_per_cycle workgroups, calling onPlaced(const
  // Placement&) for each once its resources are reserved. Returns whether
  // any was placed.
  template <class OnPlaced>
  bool placeWorkgroups(OnPlaced&& onPlaced);

  void retireWave(uint32_t cu, uint32_t simd, uint32_t slot);
  void retireWorkgroup(uint32_t cu, uint32_t ldsAlloc);

  // Why the next workgroup cannot be placed on an empty GPU.
  std::string doesNotFitMessage() const;

  // Resources (tests, messages).
  uint32_t freeSlots(uint32_t cu, uint32_t simd) const { return cus_[cu].simds[simd].freeSlots; }
  uint32_t freeVgprs(uint32_t cu, uint32_t simd) const { return cus_[cu].simds[simd].freeVgprs; }
  uint32_t freeSgprs(uint32_t cu, uint32_t simd) const { return cus_[cu].simds[simd].freeSgprs; }
  uint32_t freeLds(uint32_t cu) const { return cus_[cu].freeLds; }
  uint32_t vgprsPerWave() const { return wgVgprs_; }  // granule-rounded
  uint32_t sgprsPerWave() const { return wgSgprs_; }

 private:
  struct SimdRes {
    std::vector<uint8_t> slotUsed;
    uint32_t freeSlots = 0;  // zeros in slotUsed
    uint32_t freeVgprs = 0, freeSgprs = 0;
  };
  struct CuRes {
    std::vector<SimdRes> simds;
    uint32_t freeLds = 0;
    // Waves it can still take: the sum over its SIMDs of min(free slots, free VGPRs / a wave's, free SGPRs /
    // a wave's) -- placing a wave on a SIMD lowers that SIMD's term by one, so a workgroup of n waves fits
    // only if n <= capacity (exactly then, without pinned SIMDs). Recomputed after a change: a GPU full of
    // waves tries the next workgroup on every CU each time a wave retires.
    uint32_t capacity = 0;
    bool capacityStale = true;
  };
  uint32_t capacity(CuRes& cu) const {
    if (cu.capacityStale) recount(cu);
    return cu.capacity;
  }
  void recount(CuRes& cu) const;
  // Whether a workgroup of n waves may fit the CU (reserve() decides).
  bool mayFit(CuRes& cu, uint32_t n) const { return cu.freeLds >= wgLds_ && capacity(cu) >= n; }
  uint32_t wavesOf(uint32_t wgIndex) {
    if (wavesOf_ != wgIndex) wavesOf_ = wgIndex, waves_ = src_->wavesIn(wgIndex);
    return waves_;
  }
  // Reserves workgroup `wgIndex` on CU `cuIndex` and fills placement_, or
  // returns false (nothing reserved).
  bool reserve(uint32_t cuIndex, uint32_t wgIndex);

  const GpuConfig& cfg_;
  const WorkgroupSource* src_ = nullptr;
  std::vector<CuRes> cus_;
  uint32_t next_ = 0, nextCu_ = 0;
  bool resourcesFreed_ = true;
  uint32_t wgVgprs_ = 0, wgSgprs_ = 0, wgLds_ = 0;
  uint32_t residentWgs_ = 0;
  // wavesIn(wavesOf_) (a workgroup that does not fit is tried on every CU: one call).
  uint32_t wavesOf_ = ~0u, waves_ = 0;
  // Scratch of reserve(), reused: no allocation per placement once warm.
  std::vector<uint32_t> freeSlots_, freeV_, freeS_, simdOf_, slots_, scratch_;
  Placement placement_;
};

template <class OnPlaced>
bool Dispatcher::placeWorkgroups(OnPlaced&& onPlaced) {
  bool placed = false;
  const uint32_t cus = uint32_t(cus_.size());
  for (uint32_t k = 0; k < cfg_.workgroupsPerCycle && next_ < src_->count; ++k) {
    bool ok = false;
    const uint32_t n = wavesOf(next_);
    for (uint32_t j = 0, c = nextCu_; j < cus && !ok; ++j, c = c + 1 == cus ? 0 : c + 1) {
      if (mayFit(cus_[c], n) && reserve(c, next_)) {
        ok = true;
        nextCu_ = (c + 1) % cus;
        ++residentWgs_;
        onPlaced(static_cast<const Placement&>(placement_));
      }
    }
    if (!ok) {
      resourcesFreed_ = false;  // wait until a wave retires
      break;
    }
    ++next_;
    placed = true;
  }
  return placed;
}

}  // namespace gcnsim::sim::timing
