// StallProfile: a trace sink that adds up where waves waited (README "Traces
// and profiles"): per instruction (PC), per wave and per workgroup, for each
// stall reason, plus the per-execution detail of the three reported sections
// (LGKM_CNT waits, VM_CNT waits, barrier waits), and per instruction the
// active lanes, memory latency and LDS bank conflicts of the annotated
// listing (listing_rows.hpp). Sees every event (it sits
// before the trace filter); keeps memory proportional to code size, waves
// and workgroups, never to the length of the run.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "isa/gen.hpp"
#include "sim/trace/trace_sink.hpp"

namespace gcnsim::frontend {

using StallArray = std::array<uint64_t, sim::trace::kStallReasons>;

// The reported sections: s_waitcnt waits on LGKM_CNT, on VM_CNT, and barrier
// waits. A wait with both counters unsatisfied counts in both sections.
enum class StallSection : uint8_t { Lgkm, Vm, Barrier };
inline constexpr unsigned kStallSections = 3;
using SectionArray = std::array<uint64_t, kStallSections>;

struct PcProfile {  // one instruction, every reason
  std::string inst;
  uint64_t execs = 0, issueCycles = 0;
  // A run that stopped early: the executions still waiting here at the stop (a wait at an s_waitcnt or a
  // barrier, never issued), whose stalls count up to the stop.
  uint64_t openExecs = 0;
  StallArray stall{};        // cycles attributed to this instruction, by sim::trace::StallReason
  uint64_t activeLanes = 0;  // sum over executions of popcount(EXEC) at issue
  uint64_t memRequests = 0, memLatency = 0;  // memory requests and their cycles from request to return
  uint64_t ldsConflictPasses = 0, ldsConflictCycles = 0;
  uint64_t stallTotal() const;
};

struct SectionPc {  // one instruction within one section
  uint64_t total = 0, stalledExecs = 0, minNonZero = ~uint64_t{0}, max = 0;
  std::array<uint64_t, 8> waitingOn{};  // Lgkm: by MemKind; Vm: by MemOp
};

struct WaveProfile {
  bool seen = false;
  bool ended = false;  // retired, or still resident when the run stopped (end = the run's last cycle)
  uint32_t wave = 0, workgroup = 0, cu = 0, simd = 0;
  uint64_t start = 0, end = 0, issued = 0;
  StallArray stall{};      // by reason (each stalled cycle has one)
  SectionArray section{};  // by section
  std::vector<std::tuple<StallSection, uint64_t, uint64_t>> pending;  // (section, pc, cycles) this execution
};

struct WorkgroupProfile {
  uint32_t cu = 0, waves = 0;
  uint64_t waveCycles = 0;
  StallArray stall{};
  SectionArray section{};
};

class StallProfile final : public sim::trace::TraceSink {
 public:
  StallProfile(isa::Gen gen, uint64_t entryPc) : gen_(gen), entryPc_(entryPc) {}

  void issue(const sim::trace::IssueEvent& e) override;
  void stall(const sim::trace::StallEvent& e) override;
  void memory(const sim::trace::MemEvent& e) override;
  void wave(const sim::trace::WaveEvent& e) override;
  // The run's end: a wave still resident (a fault, the watchdog, an interrupt) lived up to it.
  void finish(uint64_t cycles) override;

  uint64_t entryPc() const { return entryPc_; }
  uint64_t cycles() const { return cycles_; }
  const std::map<uint64_t, PcProfile>& pcs() const { return pcs_; }  // by absolute PC
  const std::map<uint64_t, SectionPc>& section(StallSection s) const { return sections_[unsigned(s)]; }
  uint64_t sectionTotal(StallSection s) const;
  const StallArray& totals() const { return totals_; }
  const std::vector<WaveProfile>& waves() const { return waves_; }  // by wave id (unseen ids: seen = false)
  const std::map<uint32_t, WorkgroupProfile>& workgroups() const { return wgs_; }
  uint64_t waveCycles() const;  // sum of the waves' lifetimes (start to retirement)
  // Cycles of one section for a wave / workgroup.
  static uint64_t sectionOf(const SectionArray& a, StallSection s) { return a[unsigned(s)]; }

 private:
  PcProfile& pc(uint64_t pc, const isa::DecodedInst* inst);
  WaveProfile& waveOf(const sim::trace::WaveRef& w);
  void settle(WaveProfile& w);  // closes the per-execution stall sums of a wave

  isa::Gen gen_;
  uint64_t entryPc_ = 0, cycles_ = 0;
  std::map<uint64_t, PcProfile> pcs_;
  std::array<std::map<uint64_t, SectionPc>, kStallSections> sections_;
  StallArray totals_{};
  SectionArray sectionTotals_{};
  std::vector<WaveProfile> waves_;
  std::map<uint32_t, WorkgroupProfile> wgs_;
};

}  // namespace gcnsim::frontend
