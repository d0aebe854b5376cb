#include "sim/check/register_races.hpp"

#include <algorithm>

namespace gcnsim::sim::check {

void RegisterRaces::recomputePending() {
  pending_ = {};
  for (const Op& o : ops_) merge(pending_, o.dst);
}

void RegisterRaces::retire(const timing::WaitcntLimits& l) {
  // Walk from the newest: count the in-order operations issued after each one.
  uint32_t laterVm = 0, laterDs = 0;
  for (size_t i = ops_.size(); i-- > 0;) {
    Op& o = ops_[i];
    bool covered = false;
    switch (o.order) {
      case Order::Vm: covered = 1 + laterVm > l.vm, ++laterVm; break;
      case Order::Ds: covered = 1 + laterDs > l.lgkm, ++laterDs; break;
      case Order::Smem:
      case Order::Msg: covered = l.lgkm == 0; break;
      case Order::Flat: covered = l.vm == 0 || l.lgkm == 0; break;
      case Order::None: covered = true; break;
    }
    if (covered) o.order = Order::None;  // removed below
  }
  std::erase_if(ops_, [](const Op& o) { return o.order == Order::None; });
  recomputePending();
}

unsigned RegisterRaces::step(const InstFacts& f, uint64_t pc, Order order, RaceHit out[2]) {
  if (f.waitcnt) {
    if (!ops_.empty()) retire(f.limits);
    return 0;
  }
  unsigned hits = 0;
  if (pending_.any()) {
    if (f.reads.intersects(pending_)) {
      for (const Op& o : ops_)
        if (f.reads.intersects(o.dst)) {
          out[hits++] = RaceHit{"race-read", o.f, o.pc, intersect(f.reads, o.dst)};
          break;
        }
    }
    if (f.writes.intersects(pending_)) {
      for (const Op& o : ops_) {
        if (!f.writes.intersects(o.dst)) continue;
        // A later load of the same in-order kind lands after the earlier one.
        const bool inOrder = o.order == order && (order == Order::Vm || order == Order::Ds);
        if (inOrder && f.loadDst.any()) continue;
        out[hits++] = RaceHit{"race-overwrite", o.f, o.pc, intersect(f.writes, o.dst)};
        break;
      }
    }
  }
  if (order != Order::None) {
    if (ops_.size() == kMaxOps) {
      const bool hadDst = ops_.front().dst.any();
      ops_.pop_front();
      if (hadDst) recomputePending();
    }
    ops_.push_back(Op{order, f.loadDst, pc, &f});
    merge(pending_, f.loadDst);
  }
  return hits;
}

}  // namespace gcnsim::sim::check
