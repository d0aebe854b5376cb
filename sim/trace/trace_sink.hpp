// Trace events of the timing model and the interface that receives them.
//
// Contract:
//  - The engine (sim/timing) holds a `TraceSink*` (TimingOptions::sink) and,
//    when it is null, does nothing at any event site: no call, no formatting,
//    no allocation. When it is set, each event is one virtual call with a
//    plain-data struct; the sink must copy what it keeps (pointers are valid
//    only during the call).
//  - Events come in simulation order within one wave; across waves, requests
//    and issues are in cycle order, stall intervals are reported when they end
//    (their `cycle` is the start).
//  - Stall intervals cover every cycle a ready wave could not issue, each with
//    one reason; the interval is attributed to the instruction the wave was
//    blocked on (`pc`), except barrier waits, which belong to the s_barrier.
//  - Only frontend code formats events or knows files (frontend/trace/).
#pragma once
#include <cstdint>

#include "isa/decoded.hpp"

namespace gcnsim::sim::trace {

// Where a wave lives. `wave` is the dispatch-wide wave id, `workgroup` the
// flattened workgroup index.
struct WaveRef {
  uint32_t wave = 0, workgroup = 0, cu = 0, simd = 0, slot = 0;
};

enum class StallReason : uint8_t {
  Lgkm,           // s_waitcnt with an unsatisfied lgkmcnt (or LGKM_CNT saturated)
  Vm,             // s_waitcnt with an unsatisfied vmcnt (or VM_CNT saturated)
  Exp,            // s_waitcnt with an unsatisfied expcnt
  Barrier,        // in s_barrier, waiting for the rest of the workgroup
  Dependency,     // reads a register an in-flight VALU op writes (scoreboard)
  PortBusy,       // the issue port of its category (or the SIMD's VALU) is taken
  NoInstruction,  // instruction buffer empty: refetch after a taken branch
};
inline constexpr unsigned kStallReasons = 7;

// Memory operations by the unit that serves them. Flat: a FLAT instruction
// (counts on VM_CNT and LGKM_CNT).
enum class MemKind : uint8_t { None, Smem, Lds, Gds, Msg, Vmem, Export, Flat };
enum class MemOp : uint8_t { Load, Store, Atomic, Other };

inline const char* stallReasonName(StallReason r) {
  static const char* const k[] = {"lgkm", "vm", "exp", "barrier", "dependency", "port", "ifetch"};
  return k[unsigned(r)];
}
inline const char* memKindName(MemKind k) {
  static const char* const n[] = {"none", "smem", "lds", "gds", "msg", "vmem", "export", "flat"};
  return n[unsigned(k)];
}
inline const char* memOpName(MemOp o) {
  static const char* const n[] = {"load", "store", "atomic", "other"};
  return n[unsigned(o)];
}

struct IssueEvent {
  uint64_t cycle = 0;
  uint32_t dur = 0;  // cycles until the wave may issue again (0: handled in the instruction buffer)
  WaveRef w;
  uint64_t pc = 0;                         // absolute byte address
  const isa::DecodedInst* inst = nullptr;  // valid during the call
  uint32_t execLanes = 0;                  // EXEC popcount when it issued
  uint8_t vm = 0, lgkm = 0, exp = 0;       // counters right after the issue
};

struct StallEvent {
  uint64_t cycle = 0, dur = 0;  // [cycle, cycle + dur)
  WaveRef w;
  uint64_t pc = 0;  // the instruction the wait is attributed to
  const isa::DecodedInst* inst = nullptr;
  StallReason reason = StallReason::Lgkm;
  // Lgkm: the kind of the operation whose return releases the wait (the one
  // that brings LGKM_CNT down to the s_waitcnt limit, by scheduled return).
  MemKind waitingOn = MemKind::None;
  MemOp vmOp = MemOp::Other;  // Vm (and Lgkm with vmToo): the same for VM_CNT
  // Lgkm stall of an s_waitcnt whose vmcnt is unsatisfied as well: the
  // interval also counts as a VM_CNT wait (profiles report it in both).
  bool vmToo = false;
};

struct MemEvent {
  uint64_t cycle = 0;
  WaveRef w;
  uint64_t id = 0;  // pairs a request with its return
  bool isReturn = false;
  MemKind kind = MemKind::None;
  MemOp op = MemOp::Other;
  // Requests only:
  uint64_t pc = 0, address = 0, done = 0;  // done: the cycle the return is scheduled
  uint32_t bytes = 0;
  uint16_t kHits = 0, kMisses = 0, l1Hits = 0, l1Misses = 0, l2Hits = 0, l2Misses = 0;  // lines
  uint16_t l1Writes = 0;              // lines a store or atomic sends through the L1 to the L2 (no lookup)
  uint16_t conflicts = 0;             // LDS extra passes
  uint32_t conflictCycles = 0;        // LDS pipe cycles those extra passes cost (memory::conflictCycles)
  uint8_t vm = 0, lgkm = 0, exp = 0;  // the wave's counters after this request / return
};

struct WaveEvent {
  uint64_t cycle = 0;
  WaveRef w;
  bool end = false;  // false: placed on its SIMD; true: retired (s_endpgm and memory drained)
};

struct WorkgroupEvent {
  enum What : uint8_t { Dispatch, BarrierRelease, Done };
  uint64_t cycle = 0;
  uint32_t cu = 0, workgroup = 0, waves = 0;
  What what = Dispatch;
};

// A checker finding (--check, sim/check/), traced once, when it is first
// found: at the issue cycle of the instruction it names.
struct CheckEvent {
  uint64_t cycle = 0;
  uint32_t wave = 0;
  uint64_t pc = 0;
  const char* kind = "";  // "hazard", "race", "uninit", "bounds"
  const char* rule = "";
  const char* text = "";  // the finding's line (sim/check/findings.hpp), valid during the call
  uint32_t cu = 0;  // the wave's CU: the checker sees only the wave; the frontend's trace filter fills it in
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  virtual void issue(const IssueEvent&) {}
  virtual void stall(const StallEvent&) {}
  virtual void memory(const MemEvent&) {}
  virtual void wave(const WaveEvent&) {}
  virtual void workgroup(const WorkgroupEvent&) {}
  virtual void finish(uint64_t /*cycles*/) {}  // the run ended at this cycle
  virtual void check(const CheckEvent&) {}
};

// Forwards every event to several sinks (e.g. a profile and a trace writer).
class TeeSink final : public TraceSink {
 public:
  void add(TraceSink* s) {
    if (s && n_ < kMax) sinks_[n_++] = s;
  }
  void issue(const IssueEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->issue(e);
  }
  void stall(const StallEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->stall(e);
  }
  void memory(const MemEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->memory(e);
  }
  void wave(const WaveEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->wave(e);
  }
  void workgroup(const WorkgroupEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->workgroup(e);
  }
  void finish(uint64_t c) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->finish(c);
  }
  void check(const CheckEvent& e) override {
    for (unsigned i = 0; i < n_; ++i) sinks_[i]->check(e);
  }

 private:
  static constexpr unsigned kMax = 4;
  TraceSink* sinks_[kMax] = {};
  unsigned n_ = 0;
};

}  // namespace gcnsim::sim::trace
