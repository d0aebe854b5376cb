// gcnsim run --check / --check-fatal through the executable: findings on
// stderr, the result document's checks section, the exit status.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "frontend/report/result.hpp"
#include "tests/common/gcnsim_process.hpp"
#include "tests/common/test_files.hpp"

namespace {

using Run = ::gcnsim::test::MergedRun;
Run runGcnsim(const std::string& args) { return ::gcnsim::test::runMerged(args); }

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

nlohmann::json checksSection(const std::filesystem::path& result) {
  const gcnsim::frontend::ResultDoc doc = gcnsim::frontend::readResultJson(result);
  for (const auto& [key, text] : doc.sections)
    if (key == "checks") return nlohmann::json::parse(text);
  FAIL("no checks section in " << result);
  return {};
}

// A raw-code job running tests/sim/programs/chk_valu_sgpr_vmem_bad.s for gfx900:
// `v_readfirstlane_b32 s4, v0` at entry+0, `buffer_load_dword v1, off, s[0:3], s4` at entry+4.
// `grid` work-items, one wave per work-group.
std::filesystem::path hazardJob(const std::filesystem::path& dir, unsigned grid = 64) {
  std::ifstream hex(std::string(GCNSIM_TEST_DATA) + "/sim/programs/bin/chk_valu_sgpr_vmem_bad.gfx9.hex");
  REQUIRE(hex);
  std::vector<uint32_t> words;
  for (std::string line; std::getline(hex, line);)
    if (!line.empty() && line[0] != '#') words.push_back(uint32_t(std::stoul(line, nullptr, 16)));
  std::ofstream(dir / "hazard.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(words.data()), std::streamsize(words.size() * 4));
  const auto job = dir / "hazard.json";
  std::ofstream(job)
      << R"({"kernel": {"file": "hazard.bin", "format": "raw", "arch": "gfx900", "sgprs": 16, "vgprs": 4,
  "setup": {"s[0:3]": {"resource": {"buffer": "out", "stride": 0, "data_format": "32", "num_format": "uint"}},
            "v0": "workitem_id_x"}},
  "grid": [)"
      << grid
      << R"(], "workgroup": [64], "buffers": {"out": {"type": "u32", "count": 64}}, "output": ["out"]})";
  return job;
}

}  // namespace

TEST_CASE("gcnsim run --check: findings on stderr and in the result document, both modes",
          "[frontend][cli]") {
  const auto dir = gcnsim::test::scratchDir("check_cli");
  const auto job = hazardJob(dir);
  for (const char* mode : {"functional", "timing"}) {
    INFO(mode);
    const Run r = runGcnsim("run " + job.string() + " --mode " + mode + " --check hazards --result " +
                            (dir / "r.json").string());
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("gcnsim: check: hazard valu-sgpr-vmem: wave 0 pc "));
    CHECK_THAT(r.out, Catch::Contains("(entry+0x4) `buffer_load_dword v1, off, s[0:3], s4` after pc "));
    CHECK_THAT(r.out,
               Catch::Contains("(entry+0x0) `v_readfirstlane_b32 s4, v0`: needs 5 wait states, found 0"));
    CHECK_THAT(r.out, Catch::Contains("gcnsim: check: 1 finding (1 hazards, 0 races, 0 uninit, 0 bounds)"));
    const nlohmann::json c = checksSection(dir / "r.json");
    CHECK(c["counts"]["hazard"] == 1);
    CHECK(c["counts"]["total"] == 1);
    REQUIRE(c["findings"].size() == 1);
    CHECK(c["findings"][0]["rule"] == "valu-sgpr-vmem");
    CHECK(c["findings"][0]["pc"] == 4);
    CHECK(c["findings"][0]["other_pc"] == 0);

    if (std::string(mode) == "timing") {
      // The finding is a trace event too, at the issue cycle of the buffer load.
      const Run traced =
          runGcnsim("run " + job.string() + " --check hazards --trace " + (dir / "t.txt").string());
      CHECK(traced.status == 0);
      std::ifstream trace(dir / "t.txt");
      std::string line, checkLine, loadIssue;
      while (std::getline(trace, line)) {
        if (line.find(" check  cu  0 hazard valu-sgpr-vmem: wave 0 ") != std::string::npos) checkLine = line;
        if (line.find(" issue ") != std::string::npos && line.find("buffer_load_dword") != std::string::npos)
          loadIssue = line;
      }
      REQUIRE(!checkLine.empty());
      REQUIRE(!loadIssue.empty());
      CHECK(std::stoull(checkLine) == std::stoull(loadIssue));  // the same cycle
    }
    const Run fatal = runGcnsim("run " + job.string() + " --mode " + mode + " --check all --check-fatal");
    CHECK(fatal.status == 1);
    CHECK_THAT(fatal.out, Catch::Contains("fault: "));
    CHECK_THAT(fatal.out, Catch::Contains("check: hazard valu-sgpr-vmem"));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim run --check --trace: a finding's trace event names its CU and --trace-cu filters it",
          "[frontend][cli]") {
  // Two work-groups of one wave each, on two CUs; the finding is traced once, by the wave that finds it
  // first. Its event had no CU, and --trace-cu let it through from any CU.
  const auto dir = gcnsim::test::scratchDir("check_cli_cu");
  const auto job = hazardJob(dir, 128);
  const auto checksIn = [&](const std::string& filter) {
    const auto trace = dir / "t.jsonl";
    const Run r = runGcnsim("run " + job.string() + " --check hazards --trace " + trace.string() +
                            " --trace-format jsonl" + filter);
    INFO(r.out);
    CHECK(r.status == 0);
    std::vector<nlohmann::json> events;
    std::ifstream in(trace);
    for (std::string line; std::getline(in, line);) events.push_back(nlohmann::json::parse(line));
    return events;
  };
  const std::vector<nlohmann::json> all = checksIn("");
  std::map<uint64_t, uint64_t> cuOfWave;  // from the wave start events
  std::vector<nlohmann::json> checks;
  for (const auto& e : all) {
    if (e["ev"] == "wave") cuOfWave[e["wave"].get<uint64_t>()] = e["cu"].get<uint64_t>();
    if (e["ev"] == "check") checks.push_back(e);
  }
  REQUIRE(cuOfWave.size() == 2);
  REQUIRE(cuOfWave[0] != cuOfWave[1]);
  REQUIRE(checks.size() == 1);
  REQUIRE(checks[0].contains("cu"));
  const uint64_t cu = checks[0]["cu"].get<uint64_t>();
  CHECK(cu == cuOfWave.at(checks[0]["wave"].get<uint64_t>()));
  const uint64_t other = cuOfWave[0] == cu ? cuOfWave[1] : cuOfWave[0];
  const auto countChecks = [](const std::vector<nlohmann::json>& events) {
    return std::count_if(events.begin(), events.end(), [](const auto& e) { return e["ev"] == "check"; });
  };
  CHECK(countChecks(checksIn(" --trace-cu " + std::to_string(cu))) == 1);
  CHECK(countChecks(checksIn(" --trace-cu " + std::to_string(other))) == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim run --check races: an LDS race names the same address in both modes", "[frontend][cli]") {
  // tests/frontend/data/check/ldsrace.cl: two waves of one work-group write and read each other's LDS
  // dwords with no s_barrier. Functional mode runs wave 0 to its end first, timing mode interleaves the
  // waves, so each meets the racing dwords in another order; the finding had named the first dword met
  // (LDS address 0x100 in functional mode, 0xfc in timing mode). README "Checks": the same findings in
  // both modes, for any interleaving -- the lowest racing address of the pair.
  const auto dir = gcnsim::test::scratchDir("check_ldsrace");
  const std::string job = std::string(GCNSIM_TEST_DATA) + "/frontend/data/check/ldsrace.gfx900.json";
  nlohmann::json findings[2];
  std::string lines[2];
  const char* const modes[2] = {"functional", "timing"};
  for (int m = 0; m < 2; ++m) {
    const auto result = dir / (std::string(modes[m]) + ".json");
    const Run r =
        runGcnsim("run " + job + " --mode " + modes[m] + " --check races --result " + result.string());
    INFO(modes[m] << "\n" << r.out);
    REQUIRE(r.status == 0);
    const nlohmann::json checks = checksSection(result);
    CHECK(checks["counts"]["race"] >= 2);
    findings[m] = checks["findings"];
    for (const std::string& line : split(r.out))  // the stderr lines, without the summary's timings
      if (line.starts_with("gcnsim: check:")) lines[m] += line + "\n";
  }
  CHECK(findings[0] == findings[1]);
  CHECK(lines[0] == lines[1]);
  bool lowest = false, s200 = false;
  for (const auto& f : findings[0]) {
    s200 = s200 || f["detail"].get<std::string>().starts_with("LDS address 0x200: ");
    CHECK(f["rule"] == "race-lds");
    CHECK(f["wave"] == 0);  // the lower wave of the two
    lowest = lowest || f["detail"].get<std::string>().starts_with("LDS address 0x0: ");
  }
  // clang places t[] at LDS address 0 and s[] at 0x200. Wave 1 reads t[63] down to t[0], which wave 0
  // writes: the t race's lowest dword is t[0], LDS address 0 (the s race's is s[0], 0x200).
  CHECK(lowest);
  CHECK(s200);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim run --check all: a compiled example has no findings, bad --check words exit 2",
          "[frontend][cli]") {
  const std::string example = std::string(GCNSIM_SOURCE_DIR) + "/examples/reduction/reduction.gfx900.json";
  const auto result =
      std::filesystem::temp_directory_path() / ("gcnsim_check_ok_" + std::to_string(::getpid()));
  const Run r = runGcnsim("run " + example + " --check all --result " + result.string());
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("gcnsim: check: 0 findings"));
  CHECK(checksSection(result)["counts"]["total"] == 0);
  std::filesystem::remove(result);
  const Run bad = runGcnsim("run " + example + " --check hazard");
  CHECK(bad.status == 2);
  CHECK_THAT(bad.out, Catch::Contains("--check: \"hazard\" is not a check"));
  CHECK(runGcnsim("run " + example + " --check-fatal").status == 2);
  // clang's v_mad_u64_u32 with an undefined high addend dword (grid3d_edges on gfx900, two such): no finding,
  // as only the low result is used.
  const Run mad = runGcnsim("run " + std::string(GCNSIM_TEST_DATA) +
                            "/kernels/jobs/grid3d_edges.gfx900.json --mode functional --check all");
  CHECK(mad.status == 0);
  CHECK_THAT(mad.out, Catch::Contains("gcnsim: check: 0 findings"));
  // clang -O0: a call whose prologue saves callee-saved VGPRs the kernel never wrote to scratch, and whose
  // epilogue restores them (calls_o0 had one uninit-vgpr finding on each generation).
  for (const char* arch : {"gfx600", "gfx700", "gfx803", "gfx900"})
    for (const char* mode : {"functional", "timing"}) {
      const Run o0 = runGcnsim("run " + std::string(GCNSIM_TEST_DATA) + "/kernels/jobs/calls_o0." + arch +
                               ".json --mode " + mode + " --check all");
      INFO(arch << " " << mode << "\n" << o0.out);
      CHECK(o0.status == 0);
      CHECK_THAT(o0.out, Catch::Contains("gcnsim: check: 0 findings"));
    }
}
