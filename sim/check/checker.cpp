#include "sim/check/checker.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "isa/disasm.hpp"
#include "sim/vector_modes.hpp"

namespace gcnsim::sim::check {

void parseCheckList(std::string_view list, CheckOptions& opt) {
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view w = list.substr(start, comma - start);
    if (w == "all")
      opt.hazards = opt.races = opt.uninit = opt.bounds = true;
    else if (w == "hazards")
      opt.hazards = true;
    else if (w == "races")
      opt.races = true;
    else if (w == "uninit")
      opt.uninit = true;
    else if (w == "bounds")
      opt.bounds = true;
    else
      throw std::invalid_argument("\"" + std::string(w) +
                                  "\" is not a check (expected hazards, races, uninit, bounds or all)");
    start = comma + 1;
  }
}

Checker::Checker(CheckOptions opt) : opt_(opt) {
  // Checked for uninit: VGPRs, SGPRs, VCC. Not M0 (every DS instruction names it, GCN 1.4 ignores it),
  // EXEC (the dispatch sets it), FLAT_SCRATCH/XNACK_MASK/TTMP (set up outside the kernel).
  uninitChecked_.addS(0, 102);
  uninitChecked_.addS(isa::code::kVccLo, 2);
  uninitChecked_.addV(0, 256);
}

Checker::~Checker() = default;

void Checker::setDispatch(const DispatchSpec& d) {
  spec_ = d;
  haveSpec_ = true;
  entryPc_ = d.entryPc;
  codeBase_ = d.codeBase;
  codeSize_ = d.codeSize;
  factsByWord_.clear();
  factsByWord_.resize(codeSize_ / 4);
  initialRegs_ = {};
  for (const SgprInit& s : d.sgprs) initialRegs_.addS(s.reg, 1);
  for (const VgprInit& v : d.vgprsInit) initialRegs_.addV(v.reg, 1);
}

void Checker::setMemoryRanges(std::vector<MemoryRange> ranges) {
  ranges_ = std::move(ranges);
  std::sort(ranges_.begin(), ranges_.end(),
            [](const MemoryRange& a, const MemoryRange& b) { return a.base < b.base; });
}

const InstFacts& Checker::facts(const WaveState& w, uint64_t pc, const isa::DecodedInst& in) {
  if (vectorModesActive(w)) [[unlikely]] {
    // GPR indexing changes the operands: analyze the form that ran.
    InstFacts& f = factsIndexed_[pc];
    f = analyzeInstruction(in, w.gen);
    return f;
  }
  const uint64_t word = (pc - codeBase_) / 4;
  std::unique_ptr<InstFacts>& slot =
      pc >= codeBase_ && word < factsByWord_.size() ? factsByWord_[word] : factsOther_[pc];
  if (!slot) [[unlikely]]
    slot = std::make_unique<InstFacts>(analyzeInstruction(in, w.gen));
  return *slot;
}

Checker::WaveCheck& Checker::wave(const WaveState& w) {
  if (w.waveId >= waves_.size()) [[unlikely]]
    waves_.resize(std::max<size_t>(w.waveId + 1, waves_.size() * 2));
  std::unique_ptr<WaveCheck>& slot = waves_[w.waveId];
  if (!slot) [[unlikely]] {
    RegMask initial = initialRegs_;
    initial.addS(isa::code::kExecLo, 2);  // the dispatch sets EXEC
    slot = std::make_unique<WaveCheck>(WaveCheck{{}, {}, RegisterInit(initial, uninitChecked_), 0});
  }
  return *slot;
}

Checker::WorkgroupCheck& Checker::workgroup(uint32_t index) {
  std::unique_ptr<WorkgroupCheck>& slot = workgroups_[index];
  if (!slot) slot = std::make_unique<WorkgroupCheck>();
  return *slot;
}

void Checker::waveEnded(const WaveState& w) {
  if (w.waveId < waves_.size()) waves_[w.waveId].reset();
  if (!haveSpec_) return;
  const uint32_t waves = uint32_t(wavesBeforeWorkgroup(spec_, w.workgroupIndex + 1) -
                                  wavesBeforeWorkgroup(spec_, w.workgroupIndex));
  if (++workgroup(w.workgroupIndex).ended >= waves) workgroups_.erase(w.workgroupIndex);
}

std::string Checker::textAt(uint64_t pc) const {
  const InstFacts* f = nullptr;
  const uint64_t word = (pc - codeBase_) / 4;
  if (pc >= codeBase_ && word < factsByWord_.size()) f = factsByWord_[word].get();
  if (!f) {
    if (const auto it = factsOther_.find(pc); it != factsOther_.end()) f = it->second.get();
    if (const auto it = factsIndexed_.find(pc); !f && it != factsIndexed_.end()) f = &it->second;
  }
  return f && f->inst.valid() ? isa::disassemble(gen_, f->inst) : "?";
}

void Checker::report(CheckKind kind, const char* rule, uint32_t wave, uint64_t pc, uint64_t otherPc,
                     bool hasOther, const std::string& detail, uint64_t detailRank) {
  if (log_.seen(rule, pc, otherPc, wave, detailRank, detail)) return;
  Finding f;
  f.kind = kind;
  f.rule = rule;
  f.wave = wave;
  f.pc = pc;
  f.inst = textAt(pc);
  f.hasOther = hasOther;
  f.otherPc = otherPc;
  if (hasOther) f.otherInst = textAt(otherPc);
  f.detail = detail;
  f.detailRank = detailRank;
  if (opt_.fatal && !stop_) {
    stop_ = true;
    stopMessage_ = "check: " + findingLine(f, entryPc_);
  }
  if (sink_) {
    const std::string line = findingLine(f, entryPc_);
    sink_->check(
        trace::CheckEvent{clock_ ? *clock_ : 0, f.wave, f.pc, checkKindName(kind), rule, line.c_str()});
  }
  log_.add(std::move(f));
}

void Checker::checkUninit(WaveCheck& wc, const WaveState& w, uint64_t pc, const InstFacts& f,
                          const AccessLog& log) {
  UninitHit hit;
  const ScratchRegion scratch{w.scratchBase, uint64_t{w.scratchBytesPerLane} * kWaveSize};
  if (!wc.init.step(f, pc, log, scratch, hit)) [[likely]]
    return;
  report(CheckKind::Uninit, anyV(hit.regs) ? "uninit-vgpr" : "uninit-sgpr", w.waveId, pc, hit.otherPc,
         hit.hasOther, hit.detail);
}

void Checker::checkLds(WaveCheck& wc, const WaveState& w, uint64_t pc, const InstFacts& f,
                       const AccessLog& log) {
  if (f.gds || !log.count) return;
  const LdsUse use = f.ldsRead && f.ldsWrite ? LdsUse::Atomic : f.ldsWrite ? LdsUse::Write : LdsUse::Read;
  WorkgroupCheck& wg = workgroup(w.workgroupIndex);
  std::vector<LdsHit> hits;  // (allocates only when there is one)
  wg.lds.access(log, use, w.waveInGroup, w.waveId, wc.epoch, pc, hits);
  for (const LdsHit& h : hits) {
    const bool race = h.hasOther;
    if (race ? !opt_.races : !opt_.uninit) continue;
    char detail[96];
    std::snprintf(detail, sizeof detail,
                  race ? "LDS address 0x%x: another wave of the workgroup, no s_barrier between"
                       : "LDS address 0x%x: not written in this workgroup before",
                  h.address);
    // The lowest address names the finding, whichever wave or lane found it first.
    report(race ? CheckKind::Race : CheckKind::Uninit, h.rule, h.wave, h.pc, h.otherPc, h.hasOther, detail,
           h.address);
  }
}

const MemoryRange* Checker::rangeOf(uint64_t address) const {
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), address,
                             [](uint64_t x, const MemoryRange& r) { return x < r.base; });
  if (it == ranges_.begin()) return nullptr;
  --it;
  return address - it->base < it->size ? &*it : nullptr;
}

// The base address the instruction's addresses are formed from, when it has
// one in SGPRs that the instruction itself does not overwrite: the V# base
// (MUBUF/MTBUF, S_BUFFER_*), SBASE (S_LOAD_*), SADDR (GLOBAL_*).
std::optional<uint64_t> Checker::baseAddress(const WaveState& w, const InstFacts& f) {
  const isa::DecodedInst& in = f.inst;
  const isa::Operand* base = nullptr;
  bool descriptor = false;
  if (in.rsrc.kind == isa::OpdKind::SReg) {
    base = &in.rsrc, descriptor = true;
  } else if (f.smem && in.src[0].kind == isa::OpdKind::SReg) {
    base = &in.src[0], descriptor = f.sbufferDword2 != 0xffff;
  } else if (in.encoding == isa::Format::GLOBAL && in.soffset.kind == isa::OpdKind::SReg) {
    base = &in.soffset;
  }
  if (!base || base->reg + 2u > kScalarFileSize) return std::nullopt;
  RegMask regs;
  regs.addS(base->reg, 2);
  if (f.writes.intersects(regs)) return std::nullopt;
  const uint64_t hi = w.sreg[base->reg + 1];
  return w.sreg[base->reg] | (descriptor ? hi & 0xffff : hi) << 32;  // V#: BASE_ADDRESS is 48 bits
}

void Checker::checkBounds(const WaveState& w, uint64_t pc, const InstFacts& f, const AccessLog& log) {
  if (log.clipped) [[unlikely]]
    report(CheckKind::Bounds, "bounds-clipped", w.waveId, pc, 0, false,
           std::to_string(log.clipped) +
               " lane access(es) outside the buffer resource's range (reads 0, writes dropped)");
  if (ranges_.empty() || !log.count) return;
  const std::optional<uint64_t> base = baseAddress(w, f);
  const MemoryRange* home = base ? rangeOf(*base) : nullptr;
  const MemoryRange* last = home;  // most accesses of an instruction are in one region: try it first
  for (unsigned i = 0; i < log.count; ++i) {
    if (log.space[i] != AccessSpace::Global) continue;
    const uint64_t a = log.addr[i];
    const MemoryRange* r = last && a - last->base < last->size ? last : rangeOf(a);
    last = r;
    if (r && a + log.bytes[i] - r->base <= r->size && (!home || r == home)) continue;
    char detail[256];
    if (!r)
      std::snprintf(detail, sizeof detail, "lane %u accesses 0x%llx, outside every buffer",
                    unsigned(log.lane[i]), static_cast<unsigned long long>(a));
    else
      std::snprintf(detail, sizeof detail,
                    "lane %u accesses 0x%llx in \"%s\" but its base 0x%llx is in \"%s\"",
                    unsigned(log.lane[i]), static_cast<unsigned long long>(a), r->name.c_str(),
                    static_cast<unsigned long long>(base.value_or(0)), home ? home->name.c_str() : "?");
    report(CheckKind::Bounds, r ? "bounds-other-buffer" : "bounds-outside", w.waveId, pc, 0, false, detail);
    break;
  }
}

bool Checker::executed(const WaveState& w, uint64_t pc, const isa::DecodedInst& in, const AccessLog& log) {
  gen_ = w.gen;
  const InstFacts& f = facts(w, pc, in);
  WaveCheck& wc = wave(w);
  if (opt_.hazards) {
    std::array<HazardHit, HazardHistory::kMaxHits>& hits = hazardHits_;
    const unsigned n = wc.hazards.step(f, pc, w.gen, hits);
    for (unsigned k = 0; k < n; ++k) {
      const HazardHit& h = hits[k];
      report(CheckKind::Hazard, h.rule->id, w.waveId, pc, h.firstPc, true,
             "needs " + std::to_string(h.needed) + " wait state" + (h.needed == 1 ? "" : "s") + ", found " +
                 std::to_string(h.found));
    }
  }
  if (opt_.races) {
    Order order = f.order;
    if (f.flatFormat)
      for (unsigned i = 0; i < log.count; ++i)
        if (log.space[i] == AccessSpace::Lds) order = Order::Flat;
    RaceHit* hits = raceHits_.data();
    const unsigned n = wc.races.step(f, pc, order, hits);
    for (unsigned k = 0; k < n; ++k)
      report(CheckKind::Race, hits[k].rule, w.waveId, pc, hits[k].loadPc, true,
             (std::string_view(hits[k].rule) == "race-read" ? "reads " : "writes ") +
                 firstRegister(hits[k].regs) + " before an s_waitcnt covers the load");
  }
  if (opt_.uninit) checkUninit(wc, w, pc, f, log);
  if ((opt_.races || opt_.uninit) && f.ds) checkLds(wc, w, pc, f, log);
  if (opt_.bounds && (f.vmem || f.smem)) checkBounds(w, pc, f, log);
  if (f.barrier) ++wc.epoch;
  if (f.endpgm) waveEnded(w);
  return !stop_;
}

}  // namespace gcnsim::sim::check
