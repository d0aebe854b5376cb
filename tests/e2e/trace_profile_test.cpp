// The stall profile (frontend/report/stall_profile.hpp) on small assembly kernels is
// exact, with every expected number computed from the config struct:
//  - an SMEM K$ miss followed (after two SALU ops) by s_waitcnt lgkmcnt(0)
//    stalls miss latency - the cycles spent issuing the three instructions;
//    a second load of the same line stalls hit latency - its issue cycles;
//  - an LDS loop stalls LDS latency - issue cycles per iteration, plus
//    2 cycles per iteration with a 2-way bank conflict (one extra pass of
//    1 cycle in each half of the wave, memory/lds_timing.hpp), seen at the
//    wave's next issue turn (every 4 cycles): 4;
//  - a wave waiting in s_barrier for a wave 8n cycles behind stalls 8n - 4;
//  - an s_waitcnt on both counters counts in the lgkm section until the SMEM
//    return and in the vm section for the whole wait.
// And: the sink never changes the cycle count; the trace events are consistent.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/report/profile_report.hpp"
#include "frontend/report/stall_profile.hpp"
#include "memory/buffer_resource.hpp"
#include "sim/code_cache.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/harness.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;
using namespace gcnsim::test;
using frontend::PcProfile;
using frontend::StallProfile;
using frontend::StallSection;
using sim::timing::GpuConfig;

namespace {

struct ProfiledRun {
  sim::RunStatus status;
  sim::timing::TimingStats stats;
  uint64_t entry = 0;
};

// Runs `code` as one wave on CU 0, with `sink` (may be null) attached.
ProfiledRun runWith(WaveHarness& h, const std::vector<uint32_t>& code, const GpuConfig& cfg,
                    sim::trace::TraceSink* sink, uint64_t maxCycles = 1'000'000) {
  h.codeBase = h.mem.allocate(code.size() * 4 + 64, 256, "code");
  h.mem.write(h.codeBase, code.data(), code.size() * 4);
  sim::CodeCache cache(h.gen, h.mem, h.codeBase, code.size() * 4);
  std::vector<sim::WaveState> waves{h.wave};
  waves[0].pc = h.codeBase;
  ProfiledRun r;
  r.entry = h.codeBase;
  sim::timing::TimingOptions opt;
  opt.limits.maxCycles = maxCycles;
  opt.sink = sink;
  r.status = sim::timing::runWorkgroupTiming(cache, h.env, cfg, waves, opt, r.stats);
  h.wave = waves[0];
  return r;
}

void setupSmem(WaveHarness& h) {
  const uint64_t buf = h.alloc(256);
  h.put(buf, std::vector<uint32_t>{0x1234, 0x5678});
  h.wave.setSreg64(0, buf);
}

// Records every stall event (for consistency checks).
struct StallLog : sim::trace::TraceSink {
  std::vector<sim::trace::StallEvent> stalls;
  std::vector<sim::trace::IssueEvent> issues;
  void stall(const sim::trace::StallEvent& e) override { stalls.push_back(e); }
  void issue(const sim::trace::IssueEvent& e) override { issues.push_back(e); }
};

}  // namespace

TEST_CASE("stall profile: SMEM K$ miss, then a hit on the same line", "[sim][trace]") {
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    const GpuConfig cfg;
    WaveHarness h(g);
    setupSmem(h);
    StallProfile prof(g, 0);
    const auto code = loadProgram("trace_smem", g);
    const ProfiledRun r = runWith(h, code, cfg, &prof);
    REQUIRE(r.status.ok());
    CHECK(h.wave.sreg[5] == 0x1234);
    const uint64_t miss = cfg.kcache.hitLatency + cfg.memory.l2.hitLatency + cfg.memory.dramLatency;
    const uint64_t hit = cfg.kcache.hitLatency;
    const uint64_t load = issueCycles("s_load_dword", g, cfg), salu = issueCycles("s_mov_b32", g, cfg);
    const uint64_t firstWait = miss - (load + 2 * salu);
    const uint64_t secondWait = hit - load;

    const auto& lgkm = prof.section(StallSection::Lgkm);
    // Word offsets of the two s_waitcnt: load (2 words on gfx8/9, 1 before), 2 x s_mov.
    const uint64_t loadWords = g >= isa::Gen::GCN12 ? 2 : 1;
    const uint64_t wait1 = r.entry + (loadWords + 2) * 4, wait2 = wait1 + 4 + loadWords * 4;
    REQUIRE(lgkm.count(wait1));
    REQUIRE(lgkm.count(wait2));
    CHECK(lgkm.at(wait1).total == firstWait);
    CHECK(lgkm.at(wait1).max == firstWait);
    CHECK(lgkm.at(wait1).waitingOn[unsigned(sim::trace::MemKind::Smem)] == firstWait);
    CHECK(lgkm.at(wait2).total == secondWait);
    CHECK(prof.sectionTotal(StallSection::Lgkm) == firstWait + secondWait);
    CHECK(prof.pcs().at(wait1).execs == 1);
    CHECK(prof.pcs().at(wait1).inst == "s_waitcnt lgkmcnt(0)");
    CHECK(r.stats.kcache.misses == 1);
    CHECK(r.stats.kcache.hits == 1);

    // The same run without a sink takes exactly as many cycles.
    WaveHarness plain(g);
    setupSmem(plain);
    CHECK(runWith(plain, code, cfg, nullptr).stats.cycles == r.stats.cycles);
  }
}

TEST_CASE("stall profile: the K$ miss latency follows the config", "[sim][trace]") {
  GpuConfig cfg;
  cfg.kcache.hitLatency = 40;
  cfg.memory.dramLatency = 320;
  WaveHarness h(isa::Gen::GCN14);
  setupSmem(h);
  StallProfile prof(h.gen, 0);
  REQUIRE(runWith(h, loadProgram("trace_smem", h.gen), cfg, &prof).status.ok());
  const uint64_t miss = 40 + cfg.memory.l2.hitLatency + 320;
  const uint64_t load = issueCycles("s_load_dword", h.gen, cfg), salu = issueCycles("s_mov_b32", h.gen, cfg);
  CHECK(prof.sectionTotal(StallSection::Lgkm) == (miss - load - 2 * salu) + (40 - load));
}

TEST_CASE("stall profile: an LDS loop shows the bank-conflict cycles", "[sim][trace]") {
  const GpuConfig cfg;
  for (isa::Gen g : kAllGens) {
    uint64_t perIteration[2] = {};
    for (unsigned conflict = 0; conflict < 2; ++conflict) {
      CAPTURE(g, conflict);
      WaveHarness h(g);
      for (unsigned l = 0; l < 64; ++l) h.wave.v(0)[l] = l;
      h.wave.sreg[4] = conflict ? 8 : 4;  // 8: lanes L and L+16 hit one bank at different dwords
      StallProfile prof(g, 0);
      StallLog log;  // for the interval check
      sim::trace::TeeSink tee;
      tee.add(&prof);
      tee.add(&log);
      const auto code = loadProgram("trace_lds_loop", g);
      const ProfiledRun r = runWith(h, code, cfg, &tee);
      REQUIRE(r.status.ok());
      const auto& lgkm = prof.section(StallSection::Lgkm);
      REQUIRE(lgkm.size() == 1);
      const auto& [pc, s] = *lgkm.begin();
      CHECK(prof.pcs().at(pc).execs == 3);
      CHECK(s.stalledExecs == 3);
      CHECK(s.minNonZero == s.max);  // every iteration waits the same
      CHECK(s.waitingOn[unsigned(sim::trace::MemKind::Lds)] == s.total);
      perIteration[conflict] = s.max;
      CHECK(r.stats.ldsConflictPasses == (conflict ? 3 * 2 : 0));  // one extra pass per half, 3 iterations
      // Taken branches: the instruction buffer refills for (taken - not taken)
      // cycles; s_cbranch_scc1 right after s_cmp adds the SCC branch penalty
      // (GcnTimings.md:82-83) to all three, taken or not.
      CHECK(prof.totals()[unsigned(sim::trace::StallReason::NoInstruction)] ==
            2 * (cfg.issue.branchTakenCycles - cfg.issue.branchCycles) + 3 * cfg.issue.branchPenaltyCycles);
      // Stall intervals of one wave never overlap and never overlap its issue slices.
      std::vector<std::pair<uint64_t, uint64_t>> spans;
      for (const auto& e : log.stalls) spans.emplace_back(e.cycle, e.cycle + e.dur);
      for (const auto& e : log.issues) spans.emplace_back(e.cycle, e.cycle + e.dur);
      std::sort(spans.begin(), spans.end());
      for (size_t i = 1; i < spans.size(); ++i) CHECK(spans[i].first >= spans[i - 1].second);

      WaveHarness plain(g);
      for (unsigned l = 0; l < 64; ++l) plain.wave.v(0)[l] = l;
      plain.wave.sreg[4] = h.wave.sreg[4];
      CHECK(runWith(plain, code, cfg, nullptr).stats.cycles == r.stats.cycles);
    }
    CHECK(perIteration[0] == cfg.lds.latency - 4);  // GcnTimings.md:357: DS_READ_B32 issues in 4 cycles
    CHECK(perIteration[1] - perIteration[0] == 4);  // 2 cycles, rounded up to the SIMD's next turn
  }
}

// A mixed SMEM + LDS wait: s_waitcnt lgkmcnt(1) after an SMEM K$ miss and a
// younger LDS read is released by the LDS return (the counter drops from 2 to
// 1), so its whole stall is the LDS read's, although the SMEM load is older;
// lgkmcnt(0) then waits for the SMEM load.
TEST_CASE("stall profile: lgkmcnt(1) after SMEM + LDS is attributed to the LDS read", "[sim][trace]") {
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    const GpuConfig cfg;
    WaveHarness h(g);
    setupSmem(h);
    StallProfile prof(g, 0);
    const ProfiledRun r = runWith(h, loadProgram("timing_lgkm_mixed", g), cfg, &prof);
    REQUIRE(r.status.ok());
    const auto& lgkm = prof.section(StallSection::Lgkm);
    REQUIRE(lgkm.size() == 2);
    const auto& first = lgkm.begin()->second;    // s_waitcnt lgkmcnt(1)
    const auto& second = lgkm.rbegin()->second;  // s_waitcnt lgkmcnt(0)
    // s_load at t, v_mov at t+4, ds_read at t+8 (4 issue cycles each,
    // GcnTimings.md:114, :124, :357), the wait from t+12.
    const uint64_t ldsBack = 8 + cfg.lds.latency;
    const uint64_t smemBack = cfg.kcache.hitLatency + cfg.memory.l2.hitLatency + cfg.memory.dramLatency;
    CHECK(first.total == ldsBack - 12);
    CHECK(first.waitingOn[unsigned(sim::trace::MemKind::Lds)] == first.total);
    CHECK(first.waitingOn[unsigned(sim::trace::MemKind::Smem)] == 0);
    CHECK(second.total == smemBack - ldsBack);
    CHECK(second.waitingOn[unsigned(sim::trace::MemKind::Smem)] == second.total);
  }
}

TEST_CASE("stall profile: barrier waits are exact", "[sim][trace]") {
  const GpuConfig cfg;
  for (isa::Gen g : kAllGens) {
    uint64_t waited[5] = {};
    for (unsigned nops : {1u, 2u, 4u}) {
      CAPTURE(g, nops);
      WaveHarness h(g);
      const auto code = loadProgram("trace_barrier", g);
      h.codeBase = h.mem.allocate(code.size() * 4 + 64, 256, "code");
      h.mem.write(h.codeBase, code.data(), code.size() * 4);
      sim::CodeCache cache(g, h.mem, h.codeBase, code.size() * 4);
      std::vector<sim::WaveState> waves{h.wave, h.wave};
      const uint64_t arrive = h.codeBase + 4 * 4;  // after the four s_nop
      waves[0].pc = arrive;
      waves[1].pc = arrive - 4 * nops;
      waves[1].waveInGroup = 1;
      StallProfile prof(g, 0);
      StallLog log;  // for the interval check
      sim::trace::TeeSink tee;
      tee.add(&prof);
      tee.add(&log);
      sim::timing::TimingOptions opt;
      opt.limits.maxCycles = 100'000;
      opt.sink = &tee;
      sim::timing::TimingStats stats;
      REQUIRE(sim::timing::runWorkgroupTiming(cache, h.env, cfg, waves, opt, stats, {0, 1}).ok());
      const auto& barrier = prof.section(StallSection::Barrier);
      REQUIRE(barrier.size() == 1);
      CHECK(barrier.begin()->first == arrive);
      CHECK(barrier.begin()->second.stalledExecs == 1);  // only wave 0 waits
      waited[nops] = prof.sectionTotal(StallSection::Barrier);
      // Stall intervals close when the wave issues again, and never overlap its issue slices.
      for (const auto& e : log.stalls)
        if (e.reason == sim::trace::StallReason::Barrier) CHECK(e.cycle == 4 + cfg.issue.saluCycles);
      CHECK(prof.sectionTotal(StallSection::Lgkm) == 0);
    }
    // Every s_nop 7 wave 1 executes first keeps wave 0 waiting 8 cycles more.
    CHECK(waited[2] - waited[1] == 8);
    CHECK(waited[4] - waited[1] == 24);
    // Absolute, from the issue rule (one SIMD per cycle, round-robin: SIMD s
    // issues at cycles = s mod 4; the workgroup is placed at cycle 0): wave 0
    // issues s_barrier at cycle 4 and waits from 4 + salu_cycles = 8; wave 1
    // issues its n nops from cycle 1 and arrives at 1 + 8n; wave 0 issues
    // again at its next turn, 8n + 4. So it waits 8n + 4 - 8 = 8n - 4 cycles.
    for (unsigned n : {1u, 2u, 4u}) CHECK(waited[n] == 8 * n + 4 - (4 + cfg.issue.saluCycles));
  }
}

TEST_CASE("stall profile: a wait on both counters counts in the lgkm and the vm section", "[sim][trace]") {
  const GpuConfig cfg;
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    setupSmem(h);
    memory::BufferResource rsrc;
    rsrc.baseAddress = h.alloc(256);
    rsrc.numRecords = 256;
    rsrc.dataFormat = 4;  // BUF_DATA_FORMAT_32
    rsrc.numFormat = 4;   // BUF_NUM_FORMAT_UINT
    const auto words = rsrc.encode(g);
    for (unsigned i = 0; i < 4; ++i) h.wave.sreg[4 + i] = words[i];
    StallProfile prof(g, 0);
    const ProfiledRun r = runWith(h, loadProgram("trace_mixed_wait", g), cfg, &prof);
    REQUIRE(r.status.ok());
    // The SMEM miss returns kHit + L2 hit + DRAM after its issue; the VMEM load,
    // issued S_LOAD_DWORD's issue cycles later, returns L1 + L2 hit + DRAM after
    // its own. The s_waitcnt is reached after both issue costs.
    const uint64_t load = issueCycles("s_load_dword", g, cfg);
    const uint64_t ready = load + issueCycles("buffer_load_dword", g, cfg);
    const uint64_t smemDone = cfg.kcache.hitLatency + cfg.memory.l2.hitLatency + cfg.memory.dramLatency;
    const uint64_t vmemDone =
        load + cfg.l1.cache.hitLatency + cfg.memory.l2.hitLatency + cfg.memory.dramLatency;
    REQUIRE(vmemDone > smemDone);
    CHECK(prof.sectionTotal(StallSection::Lgkm) == smemDone - ready);
    CHECK(prof.sectionTotal(StallSection::Vm) == vmemDone - ready);  // the whole wait
    const auto& vm = prof.section(StallSection::Vm);
    REQUIRE(vm.size() == 1);
    CHECK(vm.begin()->second.stalledExecs == 1);
    CHECK(vm.begin()->second.waitingOn[unsigned(sim::trace::MemOp::Load)] == vmemDone - ready);
    // Each cycle has one reason: lgkm while both wait, then vm.
    CHECK(prof.totals()[unsigned(sim::trace::StallReason::Lgkm)] == smemDone - ready);
    CHECK(prof.totals()[unsigned(sim::trace::StallReason::Vm)] == vmemDone - smemDone);
  }
}

TEST_CASE("stall profile: a run stopped early counts its resident waves' lifetimes up to the stop",
          "[sim][trace]") {
  // Two s_sleep 7 (448 cycles each, GcnInstrsSopp.md S_SLEEP) and s_endpgm, stopped by --max-cycles 300
  // with the wave asleep: it lived from its start to cycle 300. Its end had stayed 0, so the wave-cycles
  // wrapped around to 2^64 - N.
  const std::vector<uint32_t> code = {0xbf8e0007, 0xbf8e0007, 0xbf810000};  // llvm-mc-15, every generation
  WaveHarness h(isa::Gen::GCN14);
  StallProfile p(h.gen, 0);
  const ProfiledRun r = runWith(h, code, GpuConfig{}, &p, 300);
  REQUIRE(r.status.kind == sim::RunStatus::Watchdog);
  REQUIRE(p.cycles() == 300);
  REQUIRE(p.waves().size() == 1);
  const frontend::WaveProfile& w = p.waves()[0];
  CHECK(w.start < 10);
  CHECK(w.end == 300);
  CHECK(p.waveCycles() == 300 - w.start);
  REQUIRE(p.workgroups().size() == 1);
  CHECK(p.workgroups().begin()->second.waveCycles == 300 - w.start);
}

TEST_CASE("stall profile: a wait still open when the run stops is counted up to the stop", "[sim][trace]") {
  // s_load_dword s2, s[0:1], 0x0; s_waitcnt lgkmcnt(0); s_endpgm (llvm-mc-15 -mcpu=gfx900), stopped by
  // --max-cycles 100 while the load (a K$ miss, 296 cycles with the default latencies) is outstanding: the
  // wave waits at the s_waitcnt from its first turn after the load's issue cycles (the issue event's
  // cycle + dur) to the stop. That interval had been lost from the profile and the trace.
  const std::vector<uint32_t> code = {0xc0020080, 0x00000000, 0xbf8cc07f, 0xbf810000};
  WaveHarness h(isa::Gen::GCN14);
  setupSmem(h);
  StallProfile prof(h.gen, 0);
  StallLog log;
  sim::trace::TeeSink tee;
  tee.add(&prof);
  tee.add(&log);
  const ProfiledRun r = runWith(h, code, GpuConfig{}, &tee, 100);
  REQUIRE(r.status.kind == sim::RunStatus::Watchdog);
  REQUIRE(log.issues.size() == 1);  // the load
  const uint64_t waitFrom = log.issues[0].cycle + log.issues[0].dur;
  REQUIRE(waitFrom < 100);
  REQUIRE(log.stalls.size() == 1);
  const sim::trace::StallEvent& s = log.stalls[0];
  CHECK(s.reason == sim::trace::StallReason::Lgkm);
  CHECK(s.waitingOn == sim::trace::MemKind::Smem);
  CHECK(s.pc == r.entry + 8);
  CHECK(s.cycle == waitFrom);
  CHECK(s.dur == 100 - waitFrom);
  CHECK(prof.totals()[unsigned(sim::trace::StallReason::Lgkm)] == 100 - waitFrom);
  CHECK(prof.sectionTotal(StallSection::Lgkm) == 100 - waitFrom);
  // The s_waitcnt never issued, but its one execution is in the LGKM row's count, as its stall is in the
  // row's cycles, min and max (the count had been 0 beside a stall, min and max of one execution).
  const PcProfile& waitcnt = prof.pcs().at(r.entry + 8);
  CHECK(waitcnt.execs == 0);
  CHECK(waitcnt.openExecs == 1);
  const std::string stall = std::to_string(100 - waitFrom);
  std::istringstream report(frontend::stallReportText(prof));
  std::vector<std::string> row;
  for (std::string line; std::getline(report, line) && row.empty();)
    if (line.find("s_waitcnt lgkmcnt(0)") != std::string::npos)  // its row (the pcs are absolute here)
      for (std::istringstream words(line); words >> line;) row.push_back(line);  // (words holds a copy)
  REQUIRE(row.size() == 12);
  CHECK(std::vector<std::string>(row.begin() + 1, row.end()) ==
        std::vector<std::string>{"1", stall, stall, stall, stall, "0", "0", "0", "0", "s_waitcnt",
                                 "lgkmcnt(0)"});
}

TEST_CASE("watchdog: a wave that ended waiting for its memory operations is the one named", "[sim][trace]") {
  // s_load_dword s2, s[0:1], 0x0; s_endpgm (llvm-mc-15 -mcpu=gfx900): the wave ends with its load (a K$
  // miss, 296 cycles) outstanding, and --max-cycles 100 stops the run while it waits for it, resident.
  // The message had said "no resident wave".
  const std::vector<uint32_t> code = {0xc0020080, 0x00000000, 0xbf810000};
  WaveHarness h(isa::Gen::GCN14);
  setupSmem(h);
  const ProfiledRun r = runWith(h, code, GpuConfig{}, nullptr, 100);
  REQUIRE(r.status.kind == sim::RunStatus::Watchdog);
  CHECK_THAT(r.status.message, Catch::StartsWith("wave 0 (workgroup (0,0,0) wave 0) pc "));
  CHECK_THAT(r.status.message,
             Catch::Contains("`s_endpgm` (ended, its memory operations outstanding: vmcnt 0, "
                             "lgkmcnt 1, expcnt 0): cycle limit reached"));
}

TEST_CASE("a faulting instruction is in no count: instructions, op counts, issue counts and trace agree",
          "[sim][trace]") {
  // s_mov_b32 s4, 1; s_add_u32 s4, s4, 1; s_load_dword s2, s[0:1], 0x0 (s[0:1] = 0: unmapped, a fault);
  // s_waitcnt lgkmcnt(0); s_endpgm (llvm-mc-15 -mcpu=gfx900). Two instructions complete. The faulting load
  // had been in the instruction and SMEM counts (3, 1) but not in the trace's issue events or the issue
  // counts (2), nor in the K$ accesses.
  const std::vector<uint32_t> code = {0xbe840081, 0x80048104, 0xc0020080, 0x00000000, 0xbf8cc07f, 0xbf810000};
  WaveHarness h(isa::Gen::GCN14);
  h.wave.setSreg64(0, 0);
  StallLog log;
  const ProfiledRun r = runWith(h, code, GpuConfig{}, &log);
  REQUIRE(r.status.kind == sim::RunStatus::Fault);
  CHECK_THAT(r.status.message, Catch::Contains("s_load_dword"));
  CHECK(r.stats.instructions == 2);
  CHECK(log.issues.size() == 2);
  uint64_t opTotal = 0;
  for (uint64_t n : r.stats.opCounts) opTotal += n;
  CHECK(opTotal == 2);
  CHECK(r.stats.kcache.hits + r.stats.kcache.misses == 0);
}
