// A CU group's cycle loop for one epoch, its event queue, and the waves of the
// workgroups the dispatcher placed on its CUs (cu_group.hpp).
#include "sim/timing/cu_group.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string>

#include "isa/table.hpp"

namespace gcnsim::sim::timing {

CuGroup::CuGroup(const GpuConfig& cfg, TimedCode& code, ExecEnv& env, const TimingOptions& opt,
                 memory::L2Timing& l2, uint32_t firstCu, uint32_t cuCount, bool deferL2)
    : cfg_(cfg),
      clock_(cfg.cu.simds),
      code_(code.cache()),
      env_(env),
      opt_(opt),
      tracer_(opt.sink, counterMaxima(code.cache().gen()), cfg.cu.simds),
      maxCnt_(counterMaxima(code.cache().gen())),
      pipes_(cfg_, l2, firstCu, cuCount, deferL2),
      firstCu_(firstCu),
      cus_(cuCount),
      slots_(cuCount, cfg.cu.simds, cfg.cu.waveSlotsPerSimd) {
  for (CuCtx& cu : cus_) cu.simds.resize(cfg.cu.simds);
  loopPoll_.assign(size_t(cuCount) * cfg.cu.simds, kNever);
  // A trace or the checker sees the registers as each instruction issues (run_ahead.hpp).
  runAhead_ =
      opt.runAhead && !opt.sink && !opt.onIssue && !env.observer && code_.size() <= kAheadMaxCodeBytes;
  // The access log's only reader is then the memory pipes, which take a DS instruction's addresses as rows.
  log_.rowsOk = !opt.sink && !opt.onIssue && !env.observer;
  stats_.opCounts.assign(isa::allOps().size(), 0);
  stats_.cuInstructions.assign(cfg.cus, 0);
}

CuGroup::~CuGroup() = default;

void CuGroup::fault(WaveCtx& wc, const std::string& what) {
  wc.w->status = WaveStatus::Faulted;
  setPollAt(wc, kNever);
  if (tracer_.on()) tracer_.closeStall(wc, nullptr, now_);  // its wait ends here, not at the run's stop
  if (fault_.cycle == kNever) fault_ = {now_, wc.cu, describeWave(*wc.w, code_) + ": " + what};
}

const WaveCtx* CuGroup::oldestWave(bool ended) const {
  const WaveCtx* oldest = nullptr;
  for (const auto& wg : workgroups_)
    if (wg->unfinished)
      for (const WaveCtx* c : wg->ctx)
        if (wg->resident(*c) && c->w->ended() == ended && (!oldest || c->age < oldest->age)) oldest = c;
  return oldest;
}

// Decodes (first visit) or diagnoses the instruction at the wave's PC.
const TimedInst* CuGroup::fetchSlow(WaveCtx& wc) {
  std::string err;
  const TimedInst* t = code_.at(wc.w->pc, err);
  if (!t) {
    fault(wc, err);
    return nullptr;
  }
  if (!t->fn) {
    fault(wc, notExecutable(*t));
    return nullptr;
  }
  return t;
}

std::string CuGroup::describe(const WaveCtx& wc) const {
  if (wc.w->ended())
    return describeWave(*wc.w, code_) + " (ended, its memory operations outstanding: vmcnt " +
           std::to_string(wc.vm) + ", lgkmcnt " + std::to_string(wc.lgkm) + ", expcnt " +
           std::to_string(wc.exp) + ")";
  if (wc.ahead.empty()) return describeWave(*wc.w, code_);
  const uint64_t ahead = wc.w->pc;
  wc.w->pc = issuePc(wc);
  std::string s = describeWave(*wc.w, code_);
  wc.w->pc = ahead;
  return s;
}

PendingWrites* CuGroup::takePw() {
  if (pwFree_.empty()) {
    pwPool_.push_back(std::make_unique_for_overwrite<PendingWrites>());  // (vgprData left unwritten)
    return pwPool_.back().get();
  }
  PendingWrites* p = pwFree_.back();
  pwFree_.pop_back();
  return p;
}

void CuGroup::releasePw(PendingWrites* pw) { pwFree_.push_back(pw); }

uint64_t CuGroup::reserve(WaveCtx& wc, CounterAmounts amounts) {
  ++wc.home->inFlight;
  wc.vm = uint8_t(wc.vm + amounts.vm);
  wc.lgkm = uint8_t(wc.lgkm + amounts.lgkm);
  wc.exp = uint8_t(wc.exp + amounts.exp);
  return seq_++;
}

uint64_t CuGroup::schedule(uint64_t time, WaveCtx& wc, CounterAmounts amounts, PendingWrites* pw,
                           trace::MemKind kind, trace::MemOp op) {
  const uint64_t seq = reserve(wc, amounts);
  events_.push(Event{time, seq, &wc, pw, amounts, kind, op});
  return seq;
}

template <bool kTraced>
void CuGroup::applyEvent(const Event& ev) {
  WaveCtx& wc = *ev.wave;
  --wc.home->inFlight;
  if (ev.pw) {
    ev.pw->applyTo(*wc.w);
    releasePw(ev.pw);
  }
  wc.vm = uint8_t(wc.vm - ev.amounts.vm);
  wc.lgkm = uint8_t(wc.lgkm - ev.amounts.lgkm);
  wc.exp = uint8_t(wc.exp - ev.amounts.exp);
  if (wc.vm == 0 && wc.lgkm == 0) wc.inflightWrites = {};  // every register write of its loads is done
  if (tracing<kTraced>()) tracer_.memReturn(wc, ev.seq, ev.memKind, ev.memOp, now_);
  // A wave parked on s_waitcnt or a full counter looks again at its next turn.
  if (wc.home->waitsForEvent(wc.pos) && wc.w->status == WaveStatus::Running) wake(wc, now_);
  if (wc.vm == 0 && wc.lgkm == 0 && wc.exp == 0 && wc.w->status == WaveStatus::Ended) finishWave(wc);
}

template <bool kTraced>
void CuGroup::processEvents() {
  while (!events_.empty() && events_.top().time <= now_) {
    const Event ev = events_.top();
    events_.pop();
    applyEvent<kTraced>(ev);
    progress_ = true;
  }
}

// A wave retires once it executed s_endpgm and its outstanding memory
// operations returned; its slot and registers are freed, the workgroup's LDS
// when its last wave retires.
void CuGroup::countOccupancy() {
  stats_.residentWaveCycles += uint64_t(resident_) * (now_ - occupancySince_);
  stats_.busyCuCycles += uint64_t(busyCus_) * (now_ - occupancySince_);
  occupancySince_ = now_;
}

void CuGroup::finishWave(WaveCtx& wc) {
  wc.w->status = WaveStatus::Retired;
  countOccupancy();
  --resident_;
  lastRetire_ = now_;
  if (tracer_.on()) tracer_.wave(wc, true, now_);
  CuCtx& cu = cuCtx(wc.cu);
  SimdCtx& simd = cu.simds[wc.simd];
  retiredWaves_.push_back({wc.cu, wc.simd, wc.slot});
  simd.remove(wc);
  // (In a turn of its SIMD the wave leaves when the turn ends, and the loop's visit syncs it then.)
  syncLoopPoll(wc.cu - firstCu_, wc.simd);
  if (--cu.resident == 0) --busyCus_;
  WorkgroupCtx& wg = *wc.wg;
  if (--wg.unfinished > 0) return;
  retiredWorkgroups_.push_back({wc.cu, wg.ldsAlloc});
  if (tracer_.on()) tracer_.workgroup(wg, trace::WorkgroupEvent::Done, now_);
  if (src_->onFinish) src_->onFinish(wg);
  ++stats_.workgroups;
  freeWorkgroups_.push_back(&wg);
}

// A workgroup the dispatcher placed: recorded now (the placement's spans
// are only valid until the next one), built and put on its SIMDs at its
// arrival cycle.
void CuGroup::admit(const Placement& p, uint64_t at, const WorkgroupSource& src, uint64_t& nextAge,
                    uint32_t& nextWaveId) {
  src_ = &src;
  const uint32_t n = uint32_t(p.simd.size());
  admissions_.push_back(
      {at, p.cu, p.index, p.ldsAlloc, nextWaveId, nextAge, uint32_t(admittedSimd_.size()), n});
  admittedSimd_.insert(admittedSimd_.end(), p.simd.begin(), p.simd.end());
  admittedSlot_.insert(admittedSlot_.end(), p.slot.begin(), p.slot.end());
  admittedScratch_.insert(admittedScratch_.end(), p.scratch.begin(), p.scratch.end());
  nextAge += n;
  nextWaveId += n;
}

// A free workgroup context, as a fresh one but for the storage it keeps (the
// wave list's capacity, its LDS).
WorkgroupCtx& CuGroup::takeWorkgroup(uint32_t waves) {
  if (freeWorkgroups_.empty()) {
    workgroups_.push_back(std::make_unique<WorkgroupCtx>());
    workgroups_.back()->ctx.reserve(waves);
    return *workgroups_.back();
  }
  WorkgroupCtx& wg = *freeWorkgroups_.back();
  freeWorkgroups_.pop_back();
  std::vector<WaveCtx*> ctx = std::move(wg.ctx);
  std::unique_ptr<memory::Lds> lds = std::move(wg.ownLds);
  wg = WorkgroupCtx{};
  wg.ctx = std::move(ctx);
  wg.ctx.clear();
  wg.ownLds = std::move(lds);
  return wg;
}

// A workgroup arriving: its LDS, its waves (built by the source in their
// wave slots, with their scratch slots), their contexts on the SIMDs. The
// WorkgroupCtx, its LDS and the slots are reused: no allocation once warm.
void CuGroup::arrive(const Arrival& a) {
  const WorkgroupSource& src = *src_;
  const uint32_t n = a.waves;
  const uint32_t* simdOf = admittedSimd_.data() + a.firstWave;
  const uint32_t* slotOf = admittedSlot_.data() + a.firstWave;
  WorkgroupCtx& wg = takeWorkgroup(n);
  wg.cu = a.cu;
  wg.index = a.index;
  wg.ldsBytes = src.ldsBytes;
  wg.ldsAlloc = a.ldsAlloc;
  if (src.externalLds) {
    wg.lds = src.externalLds;
  } else {
    // Every workgroup of the run has the same LDS size; a reused one starts zeroed like a new one.
    memory::freshLds(wg.ownLds, src.ldsBytes);
    wg.lds = wg.ownLds.get();
  }
  arriving_.clear();
  for (uint32_t i = 0; i < n; ++i) {
    WaveSlot& slot = slots_.at(a.cu - firstCu_, simdOf[i], slotOf[i]);
    slot.ctx = WaveCtx{};
    wg.ctx.push_back(&slot.ctx);
    arriving_.push_back(&slot.state);
  }
  src.build(a.index, a.firstWaveId, std::span(admittedScratch_).subspan(a.firstWave, n), arriving_);
  wg.live = wg.unfinished = n;
  CuCtx& cu = cuCtx(wg.cu);
  countOccupancy();
  resident_ += n;
  for (uint32_t i = 0; i < n; ++i) {
    WaveCtx& c = *wg.ctx[i];
    c.w = arriving_[i];
    c.wg = &wg;
    c.cu = a.cu;
    c.simd = simdOf[i];
    c.slot = slotOf[i];
    c.age = a.firstAge + i;
    c.w->hw.hwId = (c.slot & 0xf) | (c.simd & 3) << 4 | (a.cu & 0xf) << 8;  // HW_ID: wave, SIMD, CU ids
    c.readyAt = now_ + 1;
    cu.simds[c.simd].add(c);
    wake(c, c.readyAt);
    stats_.maxWavesPerSimd = std::max(stats_.maxWavesPerSimd, cu.simds[c.simd].count);
    if (cu.resident++ == 0) ++busyCus_;
  }
  if (tracer_.on()) {
    tracer_.workgroup(wg, trace::WorkgroupEvent::Dispatch, now_);
    for (const WaveCtx* c : wg.ctx) tracer_.wave(*c, false, now_);
  }
  stats_.waves += n;
}

bool CuGroup::activateArrivals() {
  size_t k = 0;
  for (; k < admissions_.size() && admissions_[k].at <= now_; ++k) arrive(admissions_[k]);
  admissions_.erase(admissions_.begin(), admissions_.begin() + std::ptrdiff_t(k));
  if (admissions_.empty()) admittedSimd_.clear(), admittedSlot_.clear(), admittedScratch_.clear();
  return k > 0;
}

void CuGroup::wake(WaveCtx& wc, uint64_t at) {
  setPollAt(wc, std::min(pollAt(wc), at));
  wc.home->nextPoll = std::min(wc.home->nextPoll, at);
  syncLoopPoll(wc.cu - firstCu_, wc.simd);
}

// The cycle loop of an epoch: workgroups arrive, returns apply, one SIMD per
// CU issues. Event-driven: a SIMD's turn is skipped while none of its waves
// needs a look (SimdCtx::nextPoll), and after a cycle without progress the
// loop jumps to the next cycle in which anything can happen -- an arrival, a
// return, or the turn of a SIMD with a wave to look at. Skipped turns would
// have found every wave blocked and changed nothing, so cycle counts do not
// depend on the skipping.
void CuGroup::runEpoch(uint64_t from, uint64_t to) {
  now_ = from;
  epochEnd_ = to;
  if (tracer_.on() || opt_.onIssue)
    loop<true>(to);
  else
    loop<false>(to);
  nextAtEpochEnd_ = nextWork(to);
}

template <bool kTraced>
void CuGroup::loop(uint64_t to) {
  for (;;) {
    progress_ = false;
    if (!admissions_.empty() && admissions_.front().at <= now_ && activateArrivals()) progress_ = true;
    processEvents<kTraced>();
    const uint32_t s = clock_.simdAt(now_);
    const uint32_t cus = uint32_t(cus_.size());
    const uint64_t* polls = loopPolls(s);
    for (uint32_t i = 0; i < cus; ++i) {
      // (A CU without waves has every SIMD empty, at kNever.)
      assert(polls[i] ==
             (cus_[i].resident && !cus_[i].simds[s].empty() ? cus_[i].simds[s].nextPoll : kNever));
      if (polls[i] > now_) continue;
      SimdCtx& simd = cus_[i].simds[s];
      if (issueSimd<kTraced>(simd)) progress_ = true;
      if constexpr (!kTraced)
        if (runAhead_ && simd.mayTurnAhead()) runTurnsAhead(simd, s, to);
      syncLoopPoll(i, s);
    }
    if (now_ + 1 >= to) return;
    if (progress_) {
      ++now_;
      continue;
    }
    const uint64_t target = nextInterestingCycle();
    if (target >= to) return;
    now_ = target;
  }
}

namespace {
// min by a mask, not a branch (GCC makes a branch of std::min here; which poll is smaller is a coin toss).
inline uint64_t minOf(uint64_t a, uint64_t b) { return b ^ ((a ^ b) & (0 - uint64_t(a < b))); }
}  // namespace

// Per SIMD index, the earliest poll over the CUs: the first turn at or after a cycle grows with the cycle.
// kSimds, kCus: the group's shape if known at compile time (0: read at run time).
template <uint32_t kSimds, uint32_t kCus>
uint64_t CuGroup::firstTurn(uint64_t from, bool parkedTurns) const {
  const uint32_t simds = kSimds ? kSimds : cfg_.cu.simds;
  const uint32_t cus = kCus ? kCus : uint32_t(cus_.size());
  uint64_t target = kNever;
  for (uint32_t s = 0; s < simds; ++s) {
    const uint64_t* polls = loopPolls(s);
    uint64_t poll = kNever;
    for (uint32_t i = 0; i < cus; ++i) poll = minOf(poll, polls[i]);
    if (parkedTurns) [[unlikely]]
      for (uint32_t i = 0; i < cus; ++i)
        if (cus_[i].simds[s].parkedOnValu) poll = std::min(poll, from);
    // A SIMD without a wave to look at (kNever) gives kNever: its turn is computed from 0 and masked.
    const uint64_t none = 0 - uint64_t(poll == kNever);
    const uint64_t t = poll < from ? from : poll & ~none;
    // (a power-of-two SIMD count known here: the turn in three instructions, no test of the count)
    const uint64_t turn = kSimds && std::has_single_bit(kSimds) ? TurnClock::turnAtOrAfterPow2(t, s, kSimds)
                                                                : clock_.turnAtOrAfter(t, s);
    target = minOf(target, turn | none);
  }
  return target;
}

uint64_t CuGroup::nextWork(uint64_t from, bool parkedTurns) const {
  uint64_t target = events_.empty() ? kNever : std::max(from, events_.top().time);
  if (!admissions_.empty()) target = std::min(target, std::max(from, admissions_.front().at));
  // Every GCN config's group: 4 CUs (a K$'s) of 4 SIMDs, the loops unrolled.
  const bool gcnShape = cfg_.cu.simds == 4 && cus_.size() == 4;
  return std::min(target, gcnShape ? firstTurn<4, 4>(from, parkedTurns) : firstTurn<0, 0>(from, parkedTurns));
}

// After a cycle without progress: the first later cycle with an arrival, a
// return or the turn of a SIMD that has a wave to look at (kNever: none).
// Within the epoch the turns of waves parked on a busy VALU are skipped too.
uint64_t CuGroup::nextInterestingCycle() const { return nextWork(now_ + 1, false); }

// A run that stops early: the waits still open end at the stop, where the resident waves' lifetimes end
// (stall intervals are reported when they close, and these had never closed: a run stopped while every
// wave waited showed no stall at all).
void CuGroup::closeOpenStalls() {
  for (auto& wg : workgroups_)
    if (wg->unfinished)
      for (WaveCtx* c : wg->ctx)
        if (wg->resident(*c)) tracer_.closeStall(*c, nullptr, now_);
}

void CuGroup::finish(uint64_t cycle, TimingStats& stats) {
  // A run that stops early: the turns of waves still parked on a busy VALU up to the last epoch's end.
  for (auto& wg : workgroups_)
    if (wg->unfinished)
      for (WaveCtx* c : wg->ctx)
        if (wg->resident(*c) && c->busySince != kNever)
          settleBusyValu(cuCtx(c->cu).simds[c->simd], *c, epochEnd_);
  now_ = cycle;
  countOccupancy();
  if (tracer_.on()) {
    closeOpenStalls();
    tracer_.finish(now_);
  }
  pipes_.collect(stats);
  const TimingStats& g = stats_;
  stats.instructions += g.instructions;
  stats.waves += g.waves;
  stats.workgroups += g.workgroups;
  if (stats.opCounts.size() < g.opCounts.size()) stats.opCounts.resize(g.opCounts.size(), 0);
  for (size_t i = 0; i < g.opCounts.size(); ++i) stats.opCounts[i] += g.opCounts[i];
  for (size_t i = 0; i < stats.issued.size(); ++i) stats.issued[i] += g.issued[i];
  stats.waitcntStalls += g.waitcntStalls;
  stats.scoreboardStalls += g.scoreboardStalls;
  stats.unitBusyStalls += g.unitBusyStalls;
  stats.barrierWaits += g.barrierWaits;
  stats.ranAhead += g.ranAhead;
  stats.turnsAhead += g.turnsAhead;
  for (size_t i = 0; i < cus_.size(); ++i)
    for (const SimdCtx& simd : cus_[i].simds) stats_.cuInstructions[firstCu_ + i] += simd.instructions;
  if (stats.cuInstructions.size() < g.cuInstructions.size())
    stats.cuInstructions.resize(g.cuInstructions.size(), 0);
  for (size_t i = 0; i < g.cuInstructions.size(); ++i) stats.cuInstructions[i] += g.cuInstructions[i];
  stats.residentWaveCycles += g.residentWaveCycles;
  stats.busyCuCycles += g.busyCuCycles;
  stats.maxWavesPerSimd = std::max(stats.maxWavesPerSimd, g.maxWavesPerSimd);
}

}  // namespace gcnsim::sim::timing
