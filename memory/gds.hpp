// Gds: the global data share (shared by all workgroups of a dispatch) plus
// the global wave sync (GWS) resources of DS_GWS_*.
//
// Contract:
//  - Storage: see DataShare. For DS instructions with GDS=1, M0 selects the
//    window: "The M0 register holds maximum size of a GDS memory in bits 0-15,
//    that can be accessed by kernel, and a GDS base offset (in bytes) in bits
//    16-31." (clrx GcnInstrsDs.md). readM0/writeM0 apply it: the access
//    [addr, addr+n) must fit in M0[15:0] bytes and is made at M0[31:16]+addr;
//    outside that it is out of range like any DS access (read 0, write dropped).
//  - DS_APPEND / DS_CONSUME / DS_ORDERED_COUNT keep their counters in the data
//    share itself ("increments 32-bit value in LDS/GDS at address OFFSET&~3",
//    GcnInstrsDs.md), so they need no extra state here.
//  - GWS: kGwsResources independent entries, each a semaphore counter and a
//    barrier. The operations here only update state and report whether the
//    wave may proceed; waiting and waking is the simulator's business.
#pragma once
#include <array>
#include <cstdint>

#include "memory/data_share.hpp"

namespace gcnsim::memory {

class Gds : public DataShare {
 public:
  static constexpr uint32_t kDefaultBytes = 64 * 1024;
  static constexpr uint32_t kMaxBytes = 64 * 1024;
  static constexpr uint32_t kGwsResources = 64;

  struct GwsEntry {
    uint32_t semaphore = 0;          // DS_GWS_SEMA_V/P/BR counter
    uint32_t barrierTarget = 0;      // waves a barrier waits for (DS_GWS_INIT)
    uint32_t barrierArrived = 0;     // waves arrived at the current barrier
    uint32_t barrierGeneration = 0;  // completed barriers, for wake-up checks
    uint32_t releaseGeneration = 0;  // DS_GWS_SEMA_RELEASE_ALL count: frees every P waiter
  };

  // Throws MemoryError if bytes is 0 or larger than kMaxBytes.
  explicit Gds(uint32_t bytes = kDefaultBytes) : DataShare(bytes, kMaxBytes, "Gds") {}

  // Physical GDS address of [addr, addr+n) under M0, or false if out of range.
  bool translateM0(uint32_t addr, uint32_t n, uint32_t m0, uint32_t& physical) const;
  bool readM0(uint32_t addr, void* dst, uint32_t n, uint32_t m0) const;
  bool writeM0(uint32_t addr, const void* src, uint32_t n, uint32_t m0);

  // GWS, `resource` taken modulo kGwsResources.
  GwsEntry& gws(uint32_t resource) { return gws_[resource % kGwsResources]; }
  const GwsEntry& gws(uint32_t resource) const { return gws_[resource % kGwsResources]; }
  // DS_GWS_INIT: barrier of `waves` participants, arrivals cleared.
  void gwsInit(uint32_t resource, uint32_t waves);
  void gwsSemaV(uint32_t resource) { ++gws(resource).semaphore; }
  void gwsSemaBr(uint32_t resource, uint32_t count) { gws(resource).semaphore += count; }
  // DS_GWS_SEMA_P: true (and decrement) if the semaphore is positive, else
  // false: the wave must wait and retry.
  bool gwsSemaP(uint32_t resource);
  // Releases every wave waiting in SEMA_P now (they see releaseGeneration change).
  void gwsSemaReleaseAll(uint32_t resource) {
    gws(resource).semaphore = 0;
    ++gws(resource).releaseGeneration;
  }
  // DS_GWS_BARRIER arrival: true if this wave completes the barrier (arrivals
  // reset, generation advanced), false if it must wait for the generation to
  // change.
  bool gwsBarrierArrive(uint32_t resource);

 private:
  std::array<GwsEntry, kGwsResources> gws_{};
};

}  // namespace gcnsim::memory
