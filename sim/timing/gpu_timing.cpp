// The timing model's main loop, event queue, and the waves of the workgroups
// the dispatcher (dispatcher.hpp) places.
#include "sim/timing/gpu_timing.hpp"

#include <algorithm>
#include <string>

#include "isa/table.hpp"

namespace gcnsim::sim::timing {

GpuTiming::GpuTiming(const GpuConfig& cfg, CodeCache& code, ExecEnv& env, const TimingOptions& opt,
                     TimingStats& stats)
    : cfg_(cfg),
      code_(code),
      env_(env),
      opt_(opt),
      stats_(stats),
      tracer_(opt.sink, counterMaxima(code.gen()), cfg.cu.simds),
      describer_(code, env),
      opTimings_(classifyAllOps(cfg.issue)),
      timed_(code.size() / 4),
      timedReady_(code.size() / 4, 0),
      maxCnt_(counterMaxima(code.gen())),
      pipes_(cfg_),
      cus_(cfg.cus),
      dispatcher_(cfg_) {
  for (CuCtx& cu : cus_) cu.simds.resize(cfg.cu.simds);
  stats_.opCounts.assign(isa::allOps().size(), 0);
  stats_.cuInstructions.assign(cfg.cus, 0);
}

GpuTiming::~GpuTiming() = default;

void GpuTiming::fault(const WaveState& w, const std::string& what) {
  if (status_.ok()) status_ = {RunStatus::Fault, describer_.describe(w) + ": " + what};
}

// For watchdog and deadlock messages: the oldest resident wave that has not
// ended, described like a fault (wave, workgroup, PC, instruction).
std::string GpuTiming::oldestWave() const {
  const WaveCtx* oldest = nullptr;
  for (const auto& wg : workgroups_)
    if (wg)
      for (const WaveCtx& c : wg->ctx)
        if (!c.w->ended && (!oldest || c.age < oldest->age)) oldest = &c;
  return oldest ? describer_.describe(*oldest->w) : std::string("no resident wave");
}

const TimedInst* GpuTiming::fetch(WaveCtx& wc) {
  const uint64_t pc = wc.w->pc;
  const uint64_t i = (pc - code_.base()) / 4;
  if (pc >= code_.base() && i < timed_.size() && !(pc & 3) && timedReady_[i]) return &timed_[i];
  std::string err;
  const CachedInst* ci = code_.at(pc, err);
  if (!ci) {
    fault(*wc.w, err);
    return nullptr;
  }
  if (!ci->fn) {
    fault(*wc.w,
          ci->inst.valid() ? "instruction has no semantics in gcnsim" : "invalid instruction encoding");
    return nullptr;
  }
  TimedInst& t = timed_[i];
  t.ci = ci;
  t.op = &opTimings_[ci->inst.opIndex];
  registerMasks(ci->inst, t.reads, t.writes);
  if (t.op->cat != IssueCat::Internal) {
    const bool gds = t.op->kind == Kind::Ds && ci->inst.mem.gds;  // issues as GDS/export, not LDS
    t.portBit = 1u << unsigned(gds ? IssueCat::GdsExport : t.op->cat);
  }
  if (t.op->kind == Kind::Waitcnt) t.waitcnt = decodeWaitcnt(uint32_t(ci->inst.simm16) & 0xffff, code_.gen());
  timedReady_[i] = 1;
  return &t;
}

PendingWrites* GpuTiming::takePw() {
  if (pwFree_.empty()) {
    pwPool_.push_back(std::make_unique<PendingWrites>());
    return pwPool_.back().get();
  }
  PendingWrites* p = pwFree_.back();
  pwFree_.pop_back();
  return p;
}

void GpuTiming::releasePw(PendingWrites* pw) { pwFree_.push_back(pw); }

uint64_t GpuTiming::schedule(uint64_t time, WaveCtx& wc, CounterAmounts amounts, PendingWrites* pw,
                             trace::MemKind kind, trace::MemOp op) {
  wc.vm = uint8_t(wc.vm + amounts.vm);
  wc.lgkm = uint8_t(wc.lgkm + amounts.lgkm);
  wc.exp = uint8_t(wc.exp + amounts.exp);
  events_.push(Event{time, seq_, &wc, pw, amounts, kind, op});
  return seq_++;
}

template <bool kTraced>
void GpuTiming::applyEvent(const Event& ev) {
  WaveCtx& wc = *ev.wave;
  if (ev.pw) {
    ev.pw->applyTo(*wc.w);
    releasePw(ev.pw);
  }
  wc.vm = uint8_t(wc.vm - ev.amounts.vm);
  wc.lgkm = uint8_t(wc.lgkm - ev.amounts.lgkm);
  wc.exp = uint8_t(wc.exp - ev.amounts.exp);
  if (tracing<kTraced>()) tracer_.memReturn(wc, ev.seq, ev.memKind, ev.memOp, now_);
  // A wave parked on s_waitcnt or a full counter looks again at its next turn.
  if (wc.pollAt == kNever && !wc.atBarrier && !wc.gwsWait && !wc.draining) wake(wc, now_);
  if (wc.draining && wc.vm == 0 && wc.lgkm == 0 && wc.exp == 0) finishWave(wc);
}

template <bool kTraced>
void GpuTiming::processEvents() {
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
void GpuTiming::countOccupancy() {
  stats_.residentWaveCycles += uint64_t(resident_) * (now_ - occupancySince_);
  stats_.busyCuCycles += uint64_t(busyCus_) * (now_ - occupancySince_);
  occupancySince_ = now_;
}

void GpuTiming::finishWave(WaveCtx& wc) {
  wc.finished = true;
  countOccupancy();
  --resident_;
  if (tracer_.on()) tracer_.wave(wc, true, now_);
  CuCtx& cu = cus_[wc.cu];
  SimdCtx& simd = cu.simds[wc.simd];
  dispatcher_.retireWave(wc.cu, wc.simd, wc.slot);
  std::erase(simd.waves, &wc);
  if (--cu.resident == 0) --busyCus_;
  WorkgroupCtx& wg = *wc.wg;
  if (--wg.unfinished > 0) return;
  dispatcher_.retireWorkgroup(wc.cu, wg.ldsAlloc);
  if (tracer_.on()) tracer_.workgroup(wg, trace::WorkgroupEvent::Done, now_);
  if (src_.onFinish) src_.onFinish(wg);
  ++stats_.workgroups;
  for (auto& p : workgroups_)
    if (p.get() == &wg) {
      p.reset();
      break;
    }
  std::erase(workgroups_, nullptr);
}

// A workgroup the dispatcher placed: its LDS, its waves (built by the
// source with their scratch slots), their contexts on the SIMDs.
void GpuTiming::admit(const Placement& p) {
  CuCtx& cu = cus_[p.cu];
  const uint32_t n = uint32_t(p.simd.size());
  auto wg = std::make_unique<WorkgroupCtx>();
  wg->cu = p.cu;
  wg->index = p.index;
  wg->ldsBytes = src_.ldsBytes;
  wg->ldsAlloc = p.ldsAlloc;
  if (src_.externalLds) {
    wg->lds = src_.externalLds;
  } else {
    wg->ownLds = std::make_unique<memory::Lds>(std::max<uint32_t>(src_.ldsBytes, 4));
    wg->lds = wg->ownLds.get();
  }
  src_.build(p.index, p.scratch, wg->waves);
  countOccupancy();
  resident_ += n;
  wg->ctx.resize(n);
  wg->live = wg->unfinished = n;
  for (uint32_t i = 0; i < n; ++i) {
    WaveCtx& c = wg->ctx[i];
    c.w = &wg->waves[i];
    c.wg = wg.get();
    c.cu = p.cu;
    c.simd = p.simd[i];
    c.slot = p.slot[i];
    c.age = nextAge_++;
    c.readyAt = now_ + 1;
    c.w->hw.hwId = (c.slot & 0xf) | (c.simd & 3) << 4 | (p.cu & 0xf) << 8;  // HW_ID: wave, SIMD, CU ids
    cu.simds[c.simd].waves.push_back(&c);
    wake(c, c.readyAt);
    stats_.maxWavesPerSimd = std::max(stats_.maxWavesPerSimd, uint32_t(cu.simds[c.simd].waves.size()));
    if (cu.resident++ == 0) ++busyCus_;
  }
  if (tracer_.on()) {
    tracer_.workgroup(*wg, trace::WorkgroupEvent::Dispatch, now_);
    for (const WaveCtx& c : wg->ctx) tracer_.wave(c, false, now_);
  }
  stats_.waves += n;
  workgroups_.push_back(std::move(wg));
}

void GpuTiming::wake(WaveCtx& wc, uint64_t at) {
  wc.pollAt = std::min(wc.pollAt, at);
  SimdCtx& simd = cus_[wc.cu].simds[wc.simd];
  simd.nextPoll = std::min(simd.nextPoll, at);
}

uint64_t GpuTiming::turnAtOrAfter(uint64_t t, uint32_t simd) const {
  const uint32_t simds = cfg_.cu.simds;
  return t + (simd + simds - uint32_t(t % simds)) % simds;
}

// The cycle loop: place workgroups, apply returns, let one SIMD per CU issue.
// Event-driven: a SIMD's turn is skipped while none of its waves needs a look
// (SimdCtx::nextPoll), and after a cycle without progress the loop jumps to
// the next cycle in which anything can happen -- a return, or the turn of a
// SIMD with a wave to look at. Skipped turns would have found every wave
// blocked and changed nothing, so cycle counts do not depend on the skipping.
template <bool kTraced>
void GpuTiming::loop() {
  const uint32_t simds = cfg_.cu.simds;
  for (;;) {
    progress_ = false;
    if (dispatcher_.mayPlace()) {
      const bool was = dispatcher_.residentWorkgroups() > 0;
      if (dispatcher_.placeWorkgroups([this](const Placement& p) { admit(p); })) progress_ = true;
      if (!was && dispatcher_.residentWorkgroups() == 0 && dispatcher_.pending()) {
        status_ = {RunStatus::Fault, dispatcher_.doesNotFitMessage()};
        return;
      }
    }
    processEvents<kTraced>();
    const uint32_t s = uint32_t(now_ % simds);
    for (CuCtx& cu : cus_) {
      SimdCtx& simd = cu.simds[s];
      if (cu.resident && simd.nextPoll <= now_ && !simd.waves.empty() && issueSimd<kTraced>(simd))
        progress_ = true;
    }
    if (!status_.ok()) break;
    if (dispatcher_.done() && events_.empty()) break;
    if (stats_.instructions > opt_.limits.maxInstructions) {
      status_ = {
          RunStatus::Watchdog,
          oldestWave() + ": instruction limit reached (--max-instructions) at cycle " + std::to_string(now_)};
      break;
    }
    if (opt_.control && opt_.control->publish(stats_.instructions, now_, stats_.workgroups)) {
      status_ = {RunStatus::Interrupted, oldestWave() + ": interrupted at cycle " + std::to_string(now_)};
      break;
    }
    if (now_ >= opt_.limits.maxCycles) {
      status_ = {RunStatus::Watchdog, oldestWave() + ": cycle limit reached (--max-cycles " +
                                          std::to_string(opt_.limits.maxCycles) + ")"};
      break;
    }
    if (progress_ || dispatcher_.mayPlace()) {
      ++now_;
      continue;
    }
    const uint64_t target = nextInterestingCycle();
    if (target == kNever) {
      status_ = {RunStatus::Fault, oldestWave() +
                                       ": timing model: no wave can make progress (deadlock at cycle " +
                                       std::to_string(now_) + ")"};
      break;
    }
    now_ = target;
  }
}

// After a cycle without progress: the first later cycle with a return or the
// turn of a SIMD that has a wave to look at (kNever: none).
uint64_t GpuTiming::nextInterestingCycle() const {
  uint64_t target = events_.empty() ? kNever : std::max(now_ + 1, events_.top().time);
  for (const CuCtx& cu : cus_) {
    if (!cu.resident) continue;
    for (uint32_t i = 0; i < cu.simds.size(); ++i) {
      const SimdCtx& simd = cu.simds[i];
      if (simd.waves.empty() || simd.nextPoll == kNever) continue;
      target = std::min(target, turnAtOrAfter(std::max(now_ + 1, simd.nextPoll), i));
    }
  }
  return target;
}

RunStatus GpuTiming::run(WorkgroupSource src) {
  src_ = std::move(src);
  if (const std::string e = dispatcher_.start(src_); !e.empty()) return {RunStatus::Fault, e};
  if (tracer_.on() || opt_.onIssue)
    loop<true>();
  else
    loop<false>();
  stats_.cycles = now_;
  countOccupancy();
  if (tracer_.on()) tracer_.finish(now_);
  pipes_.collect(stats_);
  return status_;
}

uint32_t timingScratchSlots(const GpuConfig& cfg) { return cfg.cus * cfg.cu.simds * cfg.cu.waveSlotsPerSimd; }

RunStatus runTiming(const DispatchSpec& d, ExecEnv& env, const GpuConfig& cfg, const TimingOptions& opt,
                    TimingStats& stats) {
  if (const std::string e = cfg.validate(); !e.empty()) return {RunStatus::Fault, "config: " + e};
  CodeCache code(d.gen, *env.global, d.codeBase, d.codeSize);
  GpuTiming gpu(cfg, code, env, opt, stats);
  std::array<uint32_t, 3> count{};
  for (int i = 0; i < 3; ++i) count[i] = (d.grid[i] + d.workgroup[i] - 1) / d.workgroup[i];
  auto idOf = [count](uint32_t index) {
    return std::array<uint32_t, 3>{index % count[0], index / count[0] % count[1],
                                   index / (count[0] * count[1])};
  };
  auto wavesIn = [&d, idOf](uint32_t index) {
    const auto id = idOf(index);
    uint64_t items = 1;
    for (int i = 0; i < 3; ++i) {
      const uint64_t start = uint64_t(id[i]) * d.workgroup[i];
      items *= std::min<uint64_t>(d.workgroup[i], d.grid[i] - start);
    }
    return uint32_t((items + kWaveSize - 1) / kWaveSize);
  };
  uint32_t waveId = 0;
  WorkgroupSource src;
  src.count = count[0] * count[1] * count[2];
  src.ldsBytes = d.ldsBytes;
  src.vgprsPerWave = d.vgprs;
  src.sgprsPerWave = opt.sgprsPerWave;
  src.wavesIn = wavesIn;
  src.build = [&d, idOf, wavesIn, &waveId](uint32_t index, std::span<const uint32_t> slots,
                                           std::vector<WaveState>& out) {
    const auto id = idOf(index);
    const uint32_t n = wavesIn(index);
    out.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
      out.push_back(makeWave(d, id, i, slots[i]));
      out.back().waveId = waveId++;
      out.back().workgroupIndex = index;
    }
  };
  return gpu.run(std::move(src));
}

RunStatus runWorkgroupTiming(CodeCache& code, ExecEnv& env, const GpuConfig& cfg,
                             std::vector<WaveState>& waves, const TimingOptions& opt, TimingStats& stats,
                             const std::vector<uint32_t>& simdOf) {
  if (const std::string e = cfg.validate(); !e.empty()) return {RunStatus::Fault, "config: " + e};
  GpuTiming gpu(cfg, code, env, opt, stats);
  WorkgroupSource src;
  src.count = 1;
  src.ldsBytes = env.ldsBytes;
  src.vgprsPerWave = waves.empty() ? 0 : waves[0].numVgprs;
  src.sgprsPerWave = opt.sgprsPerWave;
  src.simdOf = simdOf;
  src.externalLds = env.lds;
  const uint32_t n = uint32_t(waves.size());
  src.wavesIn = [n](uint32_t) { return n; };
  src.build = [&waves](uint32_t, std::span<const uint32_t>, std::vector<WaveState>& out) { out = waves; };
  src.onFinish = [&waves](WorkgroupCtx& wg) { waves = wg.waves; };
  return gpu.run(std::move(src));
}

}  // namespace gcnsim::sim::timing
