// The checker (issue 13): hazards, register and LDS races, uninitialized
// reads and out-of-bounds accesses, found while either engine runs a
// dispatch. It is an InstObserver (sim/inst_observer.hpp): set it as
// ExecEnv::observer and every executed instruction passes through
// executed(). Every check works in program order per wave (and per barrier
// epoch for LDS), so functional and timing mode give the same findings.
//
// Components, one per check: HazardHistory (hazard_check.hpp, rules in
// hazard_rules.hpp), RegisterRaces (register_races.hpp), LdsShadow
// (lds_check.hpp); the register-initialization and bounds checks are small
// enough to live here. Findings go to a FindingLog (findings.hpp).
//
// Not thread-safe: one checker serves one engine thread (runFunctional
// runs on one thread when an observer is set).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/check/findings.hpp"
#include "sim/check/hazard_check.hpp"
#include "sim/check/lds_check.hpp"
#include "sim/check/register_init.hpp"
#include "sim/check/register_races.hpp"
#include "sim/dispatch.hpp"
#include "sim/exec_context.hpp"
#include "sim/inst_observer.hpp"
#include "sim/trace/trace_sink.hpp"

namespace gcnsim::sim::check {

struct CheckOptions {
  bool hazards = false, races = false, uninit = false, bounds = false;
  bool fatal = false;  // stop the run at the first finding
  bool any() const { return hazards || races || uninit || bounds; }
};
// "hazards,races,uninit,bounds" (any subset, comma-separated) or "all";
// std::invalid_argument naming the bad word otherwise.
void parseCheckList(std::string_view list, CheckOptions& opt);

// A region of global memory accesses may go to (a job buffer, the kernel
// arguments, scratch backing...).
struct MemoryRange {
  uint64_t base = 0, size = 0;
  std::string name;
};

class Checker final : public InstObserver {
 public:
  explicit Checker(CheckOptions opt);
  ~Checker() override;

  // The dispatch the waves come from: its initial registers (uninit), the
  // waves of each workgroup (to free their state), the code region (PCs as
  // entry offsets). Without it every register but EXEC starts uninitialized.
  void setDispatch(const DispatchSpec& d);
  // Where global accesses may go (bounds); without it that check is off.
  void setMemoryRanges(std::vector<MemoryRange> ranges);

  // Traces each new finding to `sink` at the cycle `*clock` holds (timing
  // mode: ExecEnv::clock, the issue cycle of the instruction executing).
  void setTraceSink(trace::TraceSink* sink, const uint64_t* clock) { sink_ = sink, clock_ = clock; }

  bool executed(const WaveState& w, uint64_t pc, const isa::DecodedInst& in, const AccessLog& log) override;
  std::string stopMessage() const override { return stopMessage_; }

  const FindingLog& findings() const { return log_; }
  uint64_t entryPc() const { return entryPc_; }

 private:
  struct WaveCheck {
    HazardHistory hazards;
    RegisterRaces races;
    RegisterInit init;
    uint32_t epoch = 0;  // s_barrier executed
  };
  struct WorkgroupCheck {
    LdsShadow lds;
    uint32_t ended = 0;  // waves that executed s_endpgm
  };
  const InstFacts& facts(const WaveState& w, uint64_t pc, const isa::DecodedInst& in);
  WaveCheck& wave(const WaveState& w);
  WorkgroupCheck& workgroup(uint32_t index);
  void waveEnded(const WaveState& w);
  void checkUninit(WaveCheck& wc, const WaveState& w, uint64_t pc, const InstFacts& f, const AccessLog& log);
  void checkLds(WaveCheck& wc, const WaveState& w, uint64_t pc, const InstFacts& f, const AccessLog& log);
  void checkBounds(const WaveState& w, uint64_t pc, const InstFacts& f, const AccessLog& log);
  const MemoryRange* rangeOf(uint64_t address) const;
  static std::optional<uint64_t> baseAddress(const WaveState& w, const InstFacts& f);
  // Records a finding unless (rule, pc, otherPc) is known; `other` may be null. A known finding takes
  // the lower wave, and `detail` if `detailRank` is lower than its own (FindingLog::seen).
  void report(CheckKind kind, const char* rule, uint32_t wave, uint64_t pc, uint64_t otherPc, bool hasOther,
              const std::string& detail, uint64_t detailRank = 0);
  std::string textAt(uint64_t pc) const;

  CheckOptions opt_;
  FindingLog log_;
  trace::TraceSink* sink_ = nullptr;
  const uint64_t* clock_ = nullptr;
  bool stop_ = false;
  std::string stopMessage_;
  // The dispatch.
  DispatchSpec spec_;
  bool haveSpec_ = false;
  isa::Gen gen_ = isa::Gen::GCN14;  // of the waves seen
  uint64_t entryPc_ = 0, codeBase_ = 0, codeSize_ = 0;
  RegMask initialRegs_;
  std::vector<MemoryRange> ranges_;  // by base
  // Per code address (dword index from codeBase_), then any other PC.
  std::vector<std::unique_ptr<InstFacts>> factsByWord_;
  std::unordered_map<uint64_t, std::unique_ptr<InstFacts>> factsOther_;
  std::unordered_map<uint64_t, InstFacts> factsIndexed_;  // under GPR indexing: the last form seen
  std::vector<std::unique_ptr<WaveCheck>> waves_;         // by wave id
  std::unordered_map<uint32_t, std::unique_ptr<WorkgroupCheck>> workgroups_;
  RegMask uninitChecked_;  // the registers the uninit check looks at
  // Scratch for the checks' hits (not constructed per instruction).
  std::array<HazardHit, HazardHistory::kMaxHits> hazardHits_;
  std::array<RaceHit, 2> raceHits_;
};

}  // namespace gcnsim::sim::check
