// The checker's race checks (sim/check/register_races.hpp, lds_check.hpp):
// a register read or overwritten before the s_waitcnt that covers its load,
// with the counter rules of the ISA (VM_CNT and DS return in order, SMEM out
// of order: "only S_WAITCNT 0 is the only legitimate value", Vega ISA 4.4),
// and LDS words shared by two waves with no s_barrier between. Same findings
// in both engines, on every generation.
#include <catch2/catch.hpp>
#include <set>
#include <utility>

#include "tests/sim/check/check_harness.hpp"

namespace gcnsim::test {
namespace {

using sim::check::CheckKind;

struct RaceCase {
  const char* program;
  unsigned waves;
  const char* rule;  // nullptr: no finding
  const char* at;    // mnemonic and occurrence of the instruction reported
  unsigned atNth;
  const char* other;  // and of the earlier (conflicting) one
  unsigned otherNth;
};

const RaceCase kCases[] = {
    {"chk_race_vm_bad", 1, "race-read", "v_mov_b32", 0, "buffer_load_dword", 0},
    {"chk_race_vm_ok", 1, nullptr, nullptr, 0, nullptr, 0},
    {"chk_race_vmcnt", 1, "race-read", "v_mov_b32", 1, "buffer_load_dword", 1},
    {"chk_race_smem_bad", 1, "race-read", "s_mov_b32", 0, "s_buffer_load_dword", 0},
    {"chk_race_smem_ok", 1, nullptr, nullptr, 0, nullptr, 0},
    {"chk_race_ds", 1, "race-read", "v_mov_b32", 2, "ds_read_b32", 1},
    {"chk_race_overwrite_bad", 1, "race-overwrite", "v_mov_b32", 0, "buffer_load_dword", 0},
    {"chk_race_overwrite_inorder", 1, nullptr, nullptr, 0, nullptr, 0},
    // LDS: the finding names the write and the other wave's read.
    {"chk_lds_race_bad", 2, "race-lds", "ds_write_b32", 0, "ds_read_b32", 0},
    {"chk_lds_race_ok", 2, nullptr, nullptr, 0, nullptr, 0},
};

}  // namespace

TEST_CASE("check: register and LDS races are reported with both PCs, in both engines") {
  sim::check::CheckOptions o;
  o.races = true;
  for (const RaceCase& c : kCases) {
    for (isa::Gen g : kAllGens) {
      for (Engine e : kEngines) {
        INFO(c.program << " on " << isa::genFamily(g) << ", " << engineName(e));
        const CheckedRun r = runChecked(g, c.program, o, e, c.waves);
        INFO(r.status.message);
        REQUIRE(r.status.ok());
        INFO(r.text());
        if (!c.rule) {
          CHECK(r.findings.empty());
          continue;
        }
        REQUIRE(r.findings.size() == 1);
        const sim::check::Finding& f = r.findings[0];
        CHECK(f.kind == CheckKind::Race);
        CHECK(std::string(f.rule) == c.rule);
        CHECK(f.wave == 0);
        REQUIRE(f.hasOther);
        CHECK(f.pc - r.codeBase == offsetOf(c.program, g, c.at, c.atNth));
        CHECK(f.otherPc - r.codeBase == offsetOf(c.program, g, c.other, c.otherNth));
      }
    }
  }
}

}  // namespace gcnsim::test

namespace gcnsim::test {

TEST_CASE("check: an LDS race names the lowest wave of the waves involved, whatever the engine's order") {
  // Functional mode had named wave 1 for the write/read race (wave 1's read after its own write, the last
  // writer) where timing mode named wave 0 (probe: chk.cl atomic_store_local on gfx900).
  sim::check::CheckOptions o;
  o.races = true;
  for (isa::Gen g : kAllGens) {
    for (Engine e : kEngines) {
      INFO(isa::genFamily(g) << ", " << engineName(e));
      const CheckedRun r = runChecked(g, "chk_lds_race_same_word", o, e, 2);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      INFO(r.text());
      const uint64_t write = offsetOf("chk_lds_race_same_word", g, "ds_write_b32");
      const uint64_t read = offsetOf("chk_lds_race_same_word", g, "ds_read_b32");
      std::set<std::pair<uint64_t, uint64_t>> pairs;
      for (const sim::check::Finding& f : r.findings) {
        CHECK(std::string(f.rule) == "race-lds");
        CHECK(f.wave == 0);
        pairs.insert({f.pc - r.codeBase, f.otherPc - r.codeBase});
      }
      CHECK(pairs == std::set<std::pair<uint64_t, uint64_t>>{{write, write}, {write, read}});
    }
  }
}

}  // namespace gcnsim::test
