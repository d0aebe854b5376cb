// Per-wave register races, in program order (no cycles needed, so the same
// in both modes): the loads not yet covered by an s_waitcnt, in issue order,
// with the registers they will write. An s_waitcnt retires what it provably
// covers (Order in inst_facts.hpp):
//  - a Vm load is covered by vmcnt(N) when it and the Vm operations issued
//    after it are more than N (they return in order, so if it were still
//    outstanding every later one would be too); the same for Ds with lgkmcnt;
//  - Smem and Msg only by lgkmcnt(0), Flat-to-LDS by vmcnt(0) or lgkmcnt(0).
// Then:
//  - race-read: an instruction reads a register an uncovered load writes
//    (the value depends on when the data returns);
//  - race-overwrite: an instruction writes such a register (the load's data
//    may land after it), except a later load that returns in the same order.
#pragma once
#include <cstdint>
#include <deque>

#include "sim/check/inst_facts.hpp"

namespace gcnsim::sim::check {

struct RaceHit {
  const char* rule = "";
  const InstFacts* load = nullptr;
  uint64_t loadPc = 0;
  RegMask regs;  // the registers in conflict
};

class RegisterRaces {
 public:
  // `order` is f.order, or Order::Flat for a FLAT instruction that reached LDS.
  // Returns the number of hits written to out (at most 2: read, overwrite).
  unsigned step(const InstFacts& f, uint64_t pc, Order order, RaceHit out[2]);

 private:
  struct Op {
    Order order = Order::None;
    RegMask dst;
    uint64_t pc = 0;
    const InstFacts* f = nullptr;
  };
  void retire(const timing::WaitcntLimits& l);
  void recomputePending();
  // Enough for any counter's maximum (VM_CNT 63 on GCN 1.4): an older
  // operation has returned, or the wave could not have issued the newer ones.
  static constexpr size_t kMaxOps = 96;
  std::deque<Op> ops_;  // issue order
  RegMask pending_;     // union of ops_' destinations
};

}  // namespace gcnsim::sim::check
