// The checker's uninitialized-read checks (registers no instruction or the
// dispatch wrote; LDS words no wave of the workgroup wrote) and bounds
// checks (buffer accesses the range check of seed 001 drops; an access in a
// different buffer than its base), in both engines.
#include <catch2/catch.hpp>
#include <functional>
#include <initializer_list>
#include <string>

#include "tests/sim/check/check_harness.hpp"

namespace gcnsim::test {
namespace {

using sim::check::CheckKind;

// A dispatch of one workgroup of `waves` waves whose initial state sets s0
// and v0 (as a kernel descriptor's user SGPR and work-item id X would).
sim::DispatchSpec initialS0V0(isa::Gen g, unsigned waves) {
  sim::DispatchSpec d;
  d.gen = g;
  d.grid = d.workgroup = {waves * 64, 1, 1};
  d.sgprs.push_back({0, sim::SgprInit::Value, 7});
  d.vgprsInit.push_back({0, sim::VgprInit::WorkitemIdX, 0});
  return d;
}

void setS0V0Init(WaveHarness& h, sim::check::Checker& c) { c.setDispatch(initialS0V0(h.gen, 1)); }
void setS0V0Init2(WaveHarness& h, sim::check::Checker& c) { c.setDispatch(initialS0V0(h.gen, 2)); }

// V# in s[0:3]: base, STRIDE 0, NUM_RECORDS bytes.
void setBufferResource(WaveHarness& h, uint64_t base, uint32_t numRecords) {
  h.wave.sreg[0] = uint32_t(base);
  h.wave.sreg[1] = uint32_t(base >> 32) & 0xffff;
  h.wave.sreg[2] = numRecords;
  h.wave.sreg[3] = 0;
}

void setRanges(WaveHarness& h, sim::check::Checker& c) {
  std::vector<sim::check::MemoryRange> ranges;
  for (const auto& r : h.mem.regions()) ranges.push_back({r.base, r.size, r.name});
  c.setMemoryRanges(ranges);
}

}  // namespace

TEST_CASE("check: reads of registers neither an instruction nor the dispatch wrote") {
  sim::check::CheckOptions o;
  o.uninit = true;
  for (isa::Gen g : kAllGens) {
    for (Engine e : kEngines) {
      INFO(isa::genFamily(g) << ", " << engineName(e));
      const CheckedRun r = runChecked(g, "chk_uninit_regs", o, e, 1, setS0V0Init);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 2);
      // Sorted by rule: uninit-sgpr, then uninit-vgpr.
      CHECK(std::string(r.findings[0].rule) == "uninit-sgpr");
      CHECK(r.findings[0].pc - r.codeBase == offsetOf("chk_uninit_regs", g, "s_mov_b32", 1));
      CHECK(r.findings[0].detail.starts_with("reads s7"));
      CHECK(std::string(r.findings[1].rule) == "uninit-vgpr");
      CHECK(r.findings[1].pc - r.codeBase == offsetOf("chk_uninit_regs", g, "v_mov_b32", 1));
      CHECK(r.findings[1].detail.starts_with("reads v5"));
      CHECK_FALSE(r.findings[1].hasOther);
    }
  }
}

TEST_CASE("check: LDS reads of words no wave of the workgroup wrote, whatever the wave order") {
  sim::check::CheckOptions o;
  o.uninit = true;
  o.races = true;
  for (isa::Gen g : kAllGens) {
    for (Engine e : kEngines) {
      INFO(isa::genFamily(g) << ", " << engineName(e));
      // Written by the waves before the barrier, read after it: clean.
      CheckedRun r = runChecked(g, "chk_lds_race_ok", o, e, 2, setS0V0Init2);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      CHECK(r.findings.empty());
      // Words 1024.. are never written.
      r = runChecked(g, "chk_lds_uninit", o, e, 2, setS0V0Init2);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 1);
      CHECK(std::string(r.findings[0].rule) == "uninit-lds");
      CHECK(r.findings[0].pc - r.codeBase == offsetOf("chk_lds_uninit", g, "ds_read_b32"));
      // The other wave's words, read with no barrier after its write: a race and, since
      // that write may come after the read, an uninitialized read -- in either engine's order.
      r = runChecked(g, "chk_lds_race_bad", o, e, 2, setS0V0Init2);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 2);
      CHECK(std::string(r.findings[0].rule) == "race-lds");
      CHECK(std::string(r.findings[1].rule) == "uninit-lds");
      CHECK(r.findings[1].pc - r.codeBase == offsetOf("chk_lds_race_bad", g, "ds_read_b32"));
    }
  }
}

TEST_CASE("check: buffer accesses the range check drops, and accesses landing in another buffer") {
  sim::check::CheckOptions o;
  o.bounds = true;
  for (isa::Gen g : kAllGens) {
    for (Engine e : kEngines) {
      INFO(isa::genFamily(g) << ", " << engineName(e));
      uint64_t a = 0, b = 0;
      // 64 lanes read a[lane]: with NUM_RECORDS 16 bytes lanes 4..63 are dropped.
      auto lanes = [&](uint32_t records) {
        return [&, records](WaveHarness& h, sim::check::Checker& c) {
          a = h.alloc(256, "a");
          setBufferResource(h, a, records);
          for (unsigned l = 0; l < sim::kWaveSize; ++l) h.wave.v(0)[l] = 4 * l;
          setRanges(h, c);
        };
      };
      CheckedRun r = runChecked(g, "chk_bounds_buffer", o, e, 1, lanes(256));
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      CHECK(r.findings.empty());
      r = runChecked(g, "chk_bounds_buffer", o, e, 1, lanes(16));
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 1);
      CHECK(std::string(r.findings[0].rule) == "bounds-clipped");
      CHECK(r.findings[0].detail.starts_with("60 lane access(es)"));
      // The V# is buffer a's, the offset reaches buffer b.
      r = runChecked(g, "chk_bounds_buffer", o, e, 1, [&](WaveHarness& h, sim::check::Checker& c) {
        a = h.alloc(256, "a");
        b = h.alloc(256, "b");
        setBufferResource(h, a, 0xffffffffu);
        for (unsigned l = 0; l < sim::kWaveSize; ++l) h.wave.v(0)[l] = uint32_t(b - a) + 4 * l;
        setRanges(h, c);
      });
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 1);
      CHECK(std::string(r.findings[0].rule) == "bounds-other-buffer");
      CHECK(r.findings[0].detail.find("in \"b\"") != std::string::npos);
      CHECK(r.findings[0].detail.find("is in \"a\"") != std::string::npos);
    }
  }
}

namespace {
// An instruction of a program: the `nth` (0-based) named `mnemonic`.
struct Site {
  const char* mnemonic;
  unsigned nth;
};

// `program`, run in both engines on each of `gens` with the uninit check, gives one finding: uninit-vgpr
// at `at`, after `after` (the instruction that made the register undefined), with `detail`.
void expectOneUninitAfter(const std::string& program, std::initializer_list<isa::Gen> gens,
                          const std::function<void(WaveHarness&, sim::check::Checker&)>& setup, Site at,
                          Site after, const std::string& detail) {
  sim::check::CheckOptions o;
  o.uninit = true;
  for (isa::Gen g : gens) {
    for (Engine e : kEngines) {
      INFO(isa::genFamily(g) << ", " << engineName(e));
      const CheckedRun r = runChecked(g, program, o, e, 1, setup);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      REQUIRE(r.findings.size() == 1);
      const sim::check::Finding& f = r.findings[0];
      CHECK(std::string(f.rule) == "uninit-vgpr");
      CHECK(f.pc - r.codeBase == offsetOf(program, g, at.mnemonic, at.nth));
      CHECK(f.hasOther);
      CHECK(f.otherPc - r.codeBase == offsetOf(program, g, after.mnemonic, after.nth));
      CHECK(f.detail == detail);
    }
  }
}
}  // namespace

TEST_CASE(
    "check: an undefined high addend dword of v_mad_u64_u32 is a finding only where the high result is "
    "read") {
  // LLVM's 32-bit multiply-add v_mad_u64_u32 v[4:5], ..., v[2:3] with v3 undefined (grid3d_edges.cl on gfx900
  // had two such false findings): D = S0 * S1 + S2, so v3 reaches only the high result dword. The finding:
  // v_mov_b32 v11, v9 (the 6th v_mov_b32), after the second v_mad_u64_u32.
  expectOneUninitAfter("chk_uninit_mad64", {isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}, setS0V0Init,
                       {"v_mov_b32", 5}, {"v_mad_u64_u32", 1},
                       "reads v9, computed from v3, which no instruction or the dispatch wrote");
}

TEST_CASE(
    "check: SGPRs nothing wrote, copied into a VGPR by a VALU op, are a finding only where it is read") {
  // clang's if/else (ifelse.cl: `if (lid >= 128) v = in[gid] * 3; else v = 1;`) computes a uniform value in
  // s[10:11] on the "then" side only and copies it into the join's VGPR for every lane before the "else"
  // lanes overwrite theirs; a wave that skipped the "then" side had two false findings there. The finding:
  // v_mov_b32 v5, v3 (the 5th v_mov_b32), after v_mov_b32 v3, s11 (the 4th).
  expectOneUninitAfter("chk_uninit_valu_sgpr",
                       {isa::Gen::GCN10, isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}, setS0V0Init,
                       {"v_mov_b32", 4}, {"v_mov_b32", 3},
                       "reads v3, computed from s11, which no instruction or the dispatch wrote");
}

TEST_CASE("check: undefined registers saved to scratch and restored are a finding only where read") {
  // clang -O0 (and any call) saves callee-saved VGPRs the caller never wrote in the function's prologue
  // (buffer_store_dword v8, off, s[0:3], s32 offset:112) and restores them in its epilogue: no finding. A
  // register loaded from scratch that holds an undefined value is one when read: v_mov_b32 v11, v10, after
  // the second buffer_load_dword.
  const auto setup = [](WaveHarness& h, sim::check::Checker& c) {
    const uint64_t scratch = h.alloc(64 * 128, "scratch");
    h.wave.scratchBase = scratch;
    h.wave.scratchBytesPerLane = 128;
    setBufferResource(h, scratch, 64 * 128);
    sim::DispatchSpec d = initialS0V0(h.gen, 1);
    for (uint16_t s = 1; s < 4; ++s) d.sgprs.push_back({s, sim::SgprInit::Value, 0});  // the V# in s[0:3]
    c.setDispatch(d);
  };
  expectOneUninitAfter(
      "chk_uninit_scratch", {isa::Gen::GCN10, isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}, setup,
      {"v_mov_b32", 0}, {"buffer_load_dword", 1},
      "reads v10, loaded from scratch that holds an undefined value (stored from registers no "
      "instruction or the dispatch wrote)");
}

}  // namespace gcnsim::test
