// Workgroup placement and the CU resource accounting (dispatcher.hpp).
#include "sim/timing/dispatcher.hpp"

#include <algorithm>

namespace gcnsim::sim::timing {
namespace {
uint32_t roundUp(uint32_t v, uint32_t g) { return (v + g - 1) / g * g; }
}  // namespace

Dispatcher::Dispatcher(const GpuConfig& cfg) : cfg_(cfg), cus_(cfg.cus) {
  for (CuRes& cu : cus_) {
    cu.freeLds = cfg.cu.ldsBytes;
    cu.simds.resize(cfg.cu.simds);
    for (SimdRes& s : cu.simds) {
      s.slotUsed.assign(cfg.cu.waveSlotsPerSimd, 0);
      s.freeSlots = cfg.cu.waveSlotsPerSimd;
      s.freeVgprs = cfg.cu.vgprsPerSimd;
      s.freeSgprs = cfg.cu.sgprsPerSimd;
    }
  }
}

namespace {

// The VGPR and LDS part of workgroupFitProblem (Dispatcher::start's refusal).
std::string registerOrLdsProblem(const GpuConfig& cfg, uint32_t wgVgprs, uint32_t ldsBytes, uint32_t wgLds) {
  if (wgVgprs > cfg.cu.vgprsPerSimd)
    return "timing model: a wave needs " + std::to_string(wgVgprs) + " VGPRs, more than cu.vgprs_per_simd (" +
           std::to_string(cfg.cu.vgprsPerSimd) + ")";
  if (ldsBytes > cfg.cu.maxLdsPerWorkgroup || wgLds > cfg.cu.ldsBytes)
    return "timing model: a workgroup needs " + std::to_string(ldsBytes) + " bytes of LDS, more than " +
           cfg.name + " allows (cu.max_lds_per_workgroup " + std::to_string(cfg.cu.maxLdsPerWorkgroup) +
           ", cu.lds_bytes " + std::to_string(cfg.cu.ldsBytes) + ")";
  return {};
}

std::string notOnEmptyCu(uint32_t index, uint32_t waves, uint32_t wgVgprs, uint32_t wgSgprs) {
  return "timing model: workgroup " + std::to_string(index) + " (" + std::to_string(waves) + " waves x " +
         std::to_string(wgVgprs) + " VGPRs, " + std::to_string(wgSgprs) +
         " SGPRs) does not fit an empty CU (cu.wave_slots_per_simd, cu.vgprs_per_simd, cu.sgprs_per_simd)";
}

}  // namespace

std::string workgroupFitProblem(const GpuConfig& cfg, uint32_t waves, uint32_t vgprs, uint32_t sgprs,
                                uint32_t ldsBytes) {
  const uint32_t wgVgprs = roundUp(std::max(vgprs, 1u), cfg.cu.vgprGranule);
  const uint32_t wgSgprs = roundUp(std::max(sgprs, 1u), cfg.cu.sgprGranule);
  const uint32_t wgLds = ldsBytes ? roundUp(ldsBytes, cfg.cu.ldsGranule) : 0;
  if (std::string e = registerOrLdsProblem(cfg, wgVgprs, ldsBytes, wgLds); !e.empty()) return e;
  // An empty CU takes as many waves as Dispatcher::recount counts (every SIMD alike, none pinned).
  const uint64_t perSimd =
      std::min({cfg.cu.waveSlotsPerSimd, cfg.cu.vgprsPerSimd / wgVgprs, cfg.cu.sgprsPerSimd / wgSgprs});
  if (waves > perSimd * cfg.cu.simds) return notOnEmptyCu(0, waves, wgVgprs, wgSgprs);
  return {};
}

std::string Dispatcher::start(const WorkgroupSource& src) {
  src_ = &src;
  wavesOf_ = ~0u;
  for (CuRes& cu : cus_) cu.capacityStale = true;
  wgVgprs_ = roundUp(std::max(src.vgprsPerWave, 1u), cfg_.cu.vgprGranule);
  wgSgprs_ = roundUp(std::max(src.sgprsPerWave, 1u), cfg_.cu.sgprGranule);
  wgLds_ = src.ldsBytes ? roundUp(src.ldsBytes, cfg_.cu.ldsGranule) : 0;
  return registerOrLdsProblem(cfg_, wgVgprs_, src.ldsBytes, wgLds_);
}

std::string Dispatcher::doesNotFitMessage() const {
  return notOnEmptyCu(next_, src_->wavesIn(next_), wgVgprs_, wgSgprs_);
}

void Dispatcher::recount(CuRes& cu) const {
  cu.capacity = 0;
  for (const SimdRes& s : cu.simds)
    cu.capacity += std::min({s.freeSlots, s.freeVgprs / wgVgprs_, s.freeSgprs / wgSgprs_});
  cu.capacityStale = false;
}

bool Dispatcher::reserve(uint32_t cuIndex, uint32_t wgIndex) {
  CuRes& cu = cus_[cuIndex];
  const uint32_t n = wavesOf(wgIndex);
  if (!mayFit(cu, n)) return false;
  const size_t simds = cu.simds.size();
  freeSlots_.resize(simds), freeV_.resize(simds), freeS_.resize(simds);
  for (size_t s = 0; s < simds; ++s) {
    freeSlots_[s] = cu.simds[s].freeSlots;
    freeV_[s] = cu.simds[s].freeVgprs;
    freeS_[s] = cu.simds[s].freeSgprs;
  }
  simdOf_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    int best = -1;
    if (!src_->simdOf.empty()) {
      const uint32_t s = src_->simdOf[i] % uint32_t(simds);
      if (freeSlots_[s] && freeV_[s] >= wgVgprs_ && freeS_[s] >= wgSgprs_) best = int(s);
    } else {
      for (size_t s = 0; s < simds; ++s)
        if (freeSlots_[s] && freeV_[s] >= wgVgprs_ && freeS_[s] >= wgSgprs_ &&
            (best < 0 || freeSlots_[s] > freeSlots_[size_t(best)]))
          best = int(s);
    }
    if (best < 0) return false;
    simdOf_[i] = uint32_t(best);
    --freeSlots_[size_t(best)];
    freeV_[size_t(best)] -= wgVgprs_;
    freeS_[size_t(best)] -= wgSgprs_;
  }
  cu.freeLds -= wgLds_;
  cu.capacityStale = true;
  slots_.resize(n), scratch_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    SimdRes& s = cu.simds[simdOf_[i]];
    const auto it = std::find(s.slotUsed.begin(), s.slotUsed.end(), 0);
    slots_[i] = uint32_t(it - s.slotUsed.begin());
    *it = 1;
    --s.freeSlots;
    s.freeVgprs -= wgVgprs_;
    s.freeSgprs -= wgSgprs_;
    scratch_[i] = (cuIndex * cfg_.cu.simds + simdOf_[i]) * cfg_.cu.waveSlotsPerSimd + slots_[i];
  }
  placement_ = {cuIndex, wgIndex, wgLds_, simdOf_, slots_, scratch_};
  return true;
}

void Dispatcher::retireWave(uint32_t cu, uint32_t simd, uint32_t slot) {
  SimdRes& s = cus_[cu].simds[simd];
  s.slotUsed[slot] = 0;
  ++s.freeSlots;
  s.freeVgprs += wgVgprs_;
  s.freeSgprs += wgSgprs_;
  cus_[cu].capacityStale = true;
  resourcesFreed_ = true;
}

void Dispatcher::retireWorkgroup(uint32_t cu, uint32_t ldsAlloc) {
  cus_[cu].freeLds += ldsAlloc;
  --residentWgs_;
}

}  // namespace gcnsim::sim::timing
