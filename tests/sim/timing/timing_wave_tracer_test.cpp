// The tracer (sim/timing/wave_tracer.hpp) on its own: stall intervals, the
// attribution of a counter wait to the operation whose return releases it,
// memory request/return pairing. Whole-run traces and profiles are
// tests/e2e/trace_profile_test.cpp.
#include <catch2/catch.hpp>
#include <vector>

#include "sim/timing/wave_tracer.hpp"

using namespace gcnsim;
using sim::timing::CounterAmounts;
using sim::timing::Kind;
using sim::timing::MemRequest;
using sim::timing::MemSnapshot;
using sim::timing::TimedInst;
using sim::timing::WaitcntLimits;
using sim::timing::WaveCtx;
using sim::timing::WaveTracer;
using sim::timing::WorkgroupCtx;
using sim::trace::MemKind;
using sim::trace::MemOp;
using sim::trace::StallReason;

namespace {

struct Recorder : sim::trace::TraceSink {
  std::vector<sim::trace::IssueEvent> issues;
  std::vector<sim::trace::StallEvent> stalls;
  std::vector<sim::trace::MemEvent> mem;
  void issue(const sim::trace::IssueEvent& e) override { issues.push_back(e); }
  void stall(const sim::trace::StallEvent& e) override { stalls.push_back(e); }
  void memory(const sim::trace::MemEvent& e) override { mem.push_back(e); }
};

// One wave of one workgroup on CU 1, SIMD 2, slot 3, at PC 0x100.
struct Fixture {
  sim::WaveState state;
  WorkgroupCtx wg;
  WaveCtx wc;
  sim::timing::OpTiming waitOp, saluOp;
  TimedInst waitTi, saluTi;
  Fixture() {
    state.waveId = 7;
    state.pc = 0x100;
    wg.index = 5;
    wc.w = &state;
    wc.wg = &wg;
    wc.cu = 1, wc.simd = 2, wc.slot = 3;
    waitOp.kind = Kind::Waitcnt;
    saluOp.kind = Kind::Salu;
    waitTi.op = &waitOp;
    saluTi.op = &saluOp;
  }
  // An outstanding request as the issue stage reports it (counters first).
  void request(WaveTracer& t, uint64_t id, MemKind kind, uint64_t done, CounterAmounts a, uint64_t now) {
    wc.vm = uint8_t(wc.vm + a.vm), wc.lgkm = uint8_t(wc.lgkm + a.lgkm);
    MemRequest m;
    m.done = done, m.kind = kind, m.amounts = a;
    t.memRequest(wc, 0x100, MemSnapshot{}, MemSnapshot{}, id, m, sim::AccessLog{}, now);
  }
};

constexpr WaitcntLimits kMax{63, 7, 15};

}  // namespace

TEST_CASE("wave tracer: a stall interval stays open while its reason holds and closes at the issue",
          "[sim][timing][tracer]") {
  Recorder rec;
  WaveTracer t(&rec, kMax, 4);
  REQUIRE(t.on());
  Fixture f;
  for (uint64_t now = 10; now < 30; now += 4) t.blocked(f.wc, &f.saluTi, StallReason::Dependency, now);
  CHECK(rec.stalls.empty());
  t.blocked(f.wc, &f.saluTi, StallReason::PortBusy, 30);  // another reason: the first interval ends
  REQUIRE(rec.stalls.size() == 1);
  CHECK(rec.stalls[0].cycle == 10);
  CHECK(rec.stalls[0].dur == 20);
  CHECK(rec.stalls[0].reason == StallReason::Dependency);
  CHECK(rec.stalls[0].pc == 0x100);
  CHECK(rec.stalls[0].w.wave == 7);
  CHECK(rec.stalls[0].w.workgroup == 5);
  CHECK(rec.stalls[0].w.simd == 2);
  f.wc.readyAt = 38;
  t.issue(f.wc, f.saluTi, 0x100, ~uint64_t{0}, 34);
  REQUIRE(rec.stalls.size() == 2);
  CHECK(rec.stalls[1].cycle == 30);
  CHECK(rec.stalls[1].dur == 4);
  CHECK(rec.stalls[1].reason == StallReason::PortBusy);
  REQUIRE(rec.issues.size() == 1);
  CHECK(rec.issues[0].dur == 4);
  CHECK(rec.issues[0].execLanes == 64);
}

TEST_CASE("wave tracer: an LGKM wait names the operation whose return releases it", "[sim][timing][tracer]") {
  Recorder rec;
  WaveTracer t(&rec, kMax, 4);
  Fixture f;
  // An SMEM load back at 300, then an LDS read back at 100: LGKM_CNT 2.
  f.request(t, 1, MemKind::Smem, 300, {0, 1, 0}, 0);
  f.request(t, 2, MemKind::Lds, 100, {0, 1, 0}, 4);
  REQUIRE(rec.mem.size() == 2);
  CHECK(rec.mem[1].lgkm == 2);
  // s_waitcnt lgkmcnt(1): the LDS read returns first and releases it.
  f.waitTi.waitcnt = {63, 7, 1};
  t.blockedOnCounters(f.wc, f.waitTi, 8);
  // lgkmcnt(0) at the next instruction: the SMEM load releases it.
  f.state.pc = 0x104;
  f.waitTi.waitcnt = {63, 7, 0};
  t.blockedOnCounters(f.wc, f.waitTi, 12);
  REQUIRE(rec.stalls.size() == 1);
  CHECK(rec.stalls[0].reason == StallReason::Lgkm);
  CHECK(rec.stalls[0].waitingOn == MemKind::Lds);
  CHECK(rec.stalls[0].dur == 4);
  // The returns: each removes its operation and is reported with the counters after it.
  f.wc.lgkm = 1;
  t.memReturn(f.wc, 2, MemKind::Lds, MemOp::Load, 100);
  f.wc.lgkm = 0;
  t.memReturn(f.wc, 1, MemKind::Smem, MemOp::Load, 300);
  CHECK(f.wc.tr.ops.empty());
  REQUIRE(rec.mem.size() == 4);
  CHECK(rec.mem[3].isReturn);
  CHECK(rec.mem[3].id == 1);
  f.wc.readyAt = 304;
  t.issue(f.wc, f.waitTi, 0x104, 0, 300);
  REQUIRE(rec.stalls.size() == 2);
  CHECK(rec.stalls[1].cycle == 12);
  CHECK(rec.stalls[1].dur == 288);
  CHECK(rec.stalls[1].waitingOn == MemKind::Smem);
}

TEST_CASE("wave tracer: a VM wait with the LGKM wait says vmToo, and barrier waits belong to the s_barrier",
          "[sim][timing][tracer]") {
  Recorder rec;
  WaveTracer t(&rec, kMax, 4);
  Fixture f;
  f.request(t, 1, MemKind::Vmem, 500, {1, 0, 0}, 0);
  f.request(t, 2, MemKind::Smem, 200, {0, 1, 0}, 4);
  f.waitTi.waitcnt = {0, 7, 0};
  t.blockedOnCounters(f.wc, f.waitTi, 8);
  WaveTracer::atBarrier(f.wc, 0x80, f.saluTi.inst);
  t.blocked(f.wc, nullptr, StallReason::Barrier, 20);
  REQUIRE(rec.stalls.size() == 1);
  CHECK(rec.stalls[0].reason == StallReason::Lgkm);
  CHECK(rec.stalls[0].vmToo);
  CHECK(rec.stalls[0].waitingOn == MemKind::Smem);
  f.wc.readyAt = 40;
  t.issue(f.wc, f.saluTi, 0x100, 0, 40);
  REQUIRE(rec.stalls.size() == 2);
  CHECK(rec.stalls[1].reason == StallReason::Barrier);
  CHECK(rec.stalls[1].pc == 0x80);
  CHECK(rec.stalls[1].inst == &f.saluTi.inst);
}
