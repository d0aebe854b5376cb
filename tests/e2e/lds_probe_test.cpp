// The LDS bank-conflict probe of README "Memory pipes" (tests/e2e/lds_probe/):
// one 256-lane work-group on gfx900 whose 4 waves run 2,048 ds_read_b32 in all,
// with one address pattern per job (lds_probe.s: unit stride, or every lane in
// one bank), for lds.banks = 64, 32, 16, 4 and 1. The expected figures are
// worked out here from the rule README states (memory/lds_timing.hpp), not
// taken from a run:
//  - a b32 read is served 32 lanes a pass, lanes 0-31 then 32-63; in a pass a
//    bank serves one word, so k distinct words in one bank take k - 1 extra
//    passes;
//  - the CU's LDS pipe takes one instruction at a time for its pipe cycles,
//    2 for ds_read_b32 (GcnTimings.md:357: throughput 1/2), plus pipe cycles /
//    2 (the conflict-free passes of the 32 x 4-byte geometry) = 1 per extra pass.
// Four waves issuing back to back keep the pipe busy, so a run takes 2,048 x
// those cycles plus a start and an end that do not depend on the pattern: the
// same in all ten runs, and longer than the last read's lds.latency.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"

using namespace gcnsim;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kReads = 4 * 64 * 8;  // waves x iterations x ds_read_b32 per iteration (lds_probe.s)
constexpr unsigned kLanesPerPass = 32;   // b32: 32 lanes a pass, whatever the banks
constexpr uint64_t kReadPipeCycles = 2;  // GcnTimings.md:357 ds_read_b32 throughput 1/2
constexpr uint64_t kConflictFreePasses = 2;

// Extra passes of a wave64 ds_read_b32 whose lane l reads dword l x strideDwords, with `banks` 4-byte banks
// (wave w's lanes read 64 w x strideDwords further on: no lane changes bank for banks <= 64).
uint64_t extraPasses(unsigned strideDwords, unsigned banks) {
  uint64_t extra = 0;
  for (unsigned first = 0; first < 64; first += kLanesPerPass) {
    std::map<unsigned, std::set<unsigned>> words;  // bank -> distinct words of this pass
    for (unsigned l = first; l < first + kLanesPerPass; ++l)
      words[(l * strideDwords) % banks].insert(l * strideDwords);
    size_t k = 0;
    for (const auto& [bank, w] : words) k = std::max(k, w.size());
    extra += k - 1;
  }
  return extra;
}

uint64_t stat(const frontend::RunOutcome& r, const std::string& key) {
  for (const auto& [k, v] : r.doc.stats.extra)
    if (k == key) return v;
  FAIL("no statistic " << key);
  return 0;
}

}  // namespace

TEST_CASE("LDS probe: 2,048 ds_read_b32 take the pipe cycles of the bank-conflict rule",
          "[e2e][timing][lds]") {
  spdlog::set_level(spdlog::level::warn);
  const fs::path dir = fs::path(GCNSIM_SOURCE_DIR) / "tests/e2e/lds_probe";
  struct Pattern {
    const char* job;
    unsigned strideDwords;
  };
  const Pattern patterns[] = {{"lds_probe_unit.gfx900.json", 1}, {"lds_probe_bank.gfx900.json", 32}};
  // Worked out by hand from the rule, as a check of extraPasses: unit stride with 64, 32, 16, 4, 1 banks:
  // 1, 1, 2, 8, 32 words per bank and pass; one bank (dword 32 l): 16 words in each of banks 0 and 32
  // with 64 banks, else all 32 words of a pass in bank 0.
  CHECK(extraPasses(1, 32) == 0);
  CHECK(extraPasses(1, 16) == 2 * 1);
  CHECK(extraPasses(1, 4) == 2 * 7);
  CHECK(extraPasses(32, 64) == 2 * 15);
  CHECK(extraPasses(32, 1) == 2 * 31);

  std::set<uint64_t> startAndEnd;
  for (const Pattern& p : patterns) {
    const frontend::Job job = frontend::loadJob(dir / p.job);
    for (unsigned banks : {64u, 32u, 16u, 4u, 1u}) {
      CAPTURE(p.job, banks);
      frontend::RunOptions t;
      t.mode = "timing";
      t.sets = {"lds.banks=" + std::to_string(banks)};
      const auto r = frontend::runJob(job, t);
      REQUIRE(r.status.ok());
      const uint64_t extra = extraPasses(p.strideDwords, banks);
      const uint64_t pipe = kReadPipeCycles + extra * (kReadPipeCycles / kConflictFreePasses);
      CHECK(stat(r, "lds_conflict_passes") == kReads * extra);
      REQUIRE(r.cycles > kReads * pipe);
      const uint64_t rest = r.cycles - kReads * pipe;
      CAPTURE(r.cycles, pipe, rest);
      CHECK(rest > 64);  // the last read's lds.latency (64, memory/timing_config.hpp) is in it
      startAndEnd.insert(rest);
    }
  }
  CHECK(startAndEnd.size() == 1);  // the same start and end for every pattern and bank count
}
