// Reports through the gcnsim executable: branch targets in disasm, the
// listing, stall and source-line reports as CSV and JSON (values checked
// against what the kernels must do), and gcnsim diff.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/common/gcnsim_process.hpp"
#include "tests/common/test_files.hpp"

using gcnsim::test::runGcnsim;
using nlohmann::json;

namespace {

const std::string kExamples = std::string(GCNSIM_SOURCE_DIR) + "/examples/";

using CsvRow = std::map<std::string, std::string>;

// RFC 4180 (quoted fields, doubled quotes; no line breaks inside fields here).
std::vector<std::string> splitCsvLine(const std::string& line) {
  std::vector<std::string> f(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      f.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      f.emplace_back();
    } else {
      f.back() += c;
    }
  }
  return f;
}

// Rows keyed by the header's names; every row must have the header's width.
std::vector<CsvRow> parseCsv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  REQUIRE(std::getline(in, line));
  const std::vector<std::string> head = splitCsvLine(line);
  std::vector<CsvRow> rows;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = splitCsvLine(line);
    REQUIRE(f.size() == head.size());
    CsvRow r;
    for (size_t i = 0; i < f.size(); ++i) r[head[i]] = f[i];
    rows.push_back(r);
  }
  return rows;
}

const CsvRow& rowAt(const std::vector<CsvRow>& rows, unsigned pc) {
  for (const CsvRow& r : rows)
    if (r.at("pc") == std::to_string(pc)) return r;
  FAIL("no row for pc " << pc);
  return rows.front();
}

std::filesystem::path tempDir() { return gcnsim::test::scratchDir("reports_test"); }

json readJson(const std::filesystem::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

// The whitespace-separated words of the first line of `text` starting with `prefix`.
std::vector<std::string> wordsOfLine(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) {
      std::istringstream w(line);
      std::vector<std::string> out;
      for (std::string s; w >> s;) out.push_back(s);
      return out;
    }
  FAIL("no line starting with \"" << prefix << "\" in\n" << text);
  return {};
}

}  // namespace

TEST_CASE("gcnsim disasm names branch targets like llvm-objdump", "[frontend][cli][report]") {
  const auto r = runGcnsim("disasm " + kExamples + "reduction/reduction.gfx900.hsaco");
  REQUIRE(r.status == 0);
  // llvm-objdump-15 -d prints these three branches with <reduce_sum+0x68>, <reduce_sum+0xfc>,
  // <reduce_sum+0xa4>.
  CHECK_THAT(r.out, Catch::Contains(
                        "000000001844: BF880008                   s_cbranch_execz 8 <reduce_sum+0x68>\n"));
  CHECK_THAT(r.out, Catch::Contains("s_cbranch_scc0 22 <reduce_sum+0xfc>\n"));
  CHECK_THAT(r.out, Catch::Contains("s_cbranch_scc1 65514 <reduce_sum+0xa4>\n"));
}

TEST_CASE("gcnsim disasm -l shows source lines like llvm-objdump -l", "[frontend][cli][report][dwarf]") {
  const auto r = runGcnsim("disasm -l " + kExamples + "debug_lines/saxpy.gfx900.hsaco");
  REQUIRE(r.status == 0);
  // llvm-objdump-15 -d -l prints these line headers (with a "./" prefix and a
  // "; saxpy():" function line, which gcnsim leaves out), in this order.
  std::vector<std::string> headers;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("; ", 0) == 0) headers.push_back(line);
  std::vector<std::string> expect;
  for (int l : {4, 4, 5, 8, 7, 8, 9, 10}) expect.push_back("; debug_lines/saxpy.cl:" + std::to_string(l));
  CHECK(headers == expect);
  CHECK_THAT(r.out, Catch::Contains("; debug_lines/saxpy.cl:7\n  000000001868: 7E0A0205"));
  // Without -l, or without a line table, no headers.
  CHECK_THAT(runGcnsim("disasm " + kExamples + "debug_lines/saxpy.gfx900.hsaco").out, !Catch::Contains("; "));
  CHECK_THAT(runGcnsim("disasm -l " + kExamples + "vector_add/vector_add.gfx900.hsaco").out,
             !Catch::Contains("; "));
}

TEST_CASE("listing as CSV: source lines, executions, lane utilisation", "[frontend][cli][report][dwarf]") {
  const auto r =
      runGcnsim("run " + kExamples + "debug_lines/saxpy.gfx900.json --report listing --report-format csv");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.err, Catch::Contains("cycles"));  // the summary went to stderr
  const std::vector<CsvRow> rows = parseCsv(r.out);
  REQUIRE(rows.size() == 29);  // llvm-objdump-15 -d lists 29 instructions
  // Source lines as llvm-objdump-15 -l / llvm-dwarfdump-15 --debug-line give them.
  CHECK(rowAt(rows, 0x74).at("instruction") == "global_load_dword v0, v[3:4], off");
  CHECK(rowAt(rows, 0x74).at("source") == "debug_lines/saxpy.cl:7");
  CHECK(rowAt(rows, 0x7c).at("source") == "debug_lines/saxpy.cl:8");
  CHECK(rowAt(rows, 0x88).at("source") == "debug_lines/saxpy.cl:9");
  CHECK(rowAt(rows, 0x98).at("source") == "debug_lines/saxpy.cl:10");
  CHECK(rowAt(rows, 0x38).at("source") == "debug_lines/saxpy.cl:5");
  CHECK(rowAt(rows, 0x10).at("source").empty());  // line 0 in the table
  CHECK(rowAt(rows, 0x40).at("instruction") == "s_cbranch_execz 21 <saxpy+0x98>");
  // 1024 work-items in 16 waves, n = 1000: every wave runs every instruction
  // (the last wave has 40 lanes left, so s_cbranch_execz never jumps).
  for (const CsvRow& row : rows) CHECK(row.at("execs") == "16");
  CHECK(rowAt(rows, 0x38).at("lane_utilisation") == "1.000000");  // the compare: all 64 lanes
  // The store runs with 15 x 64 + 40 = 1000 of 1024 lanes.
  CHECK(std::stod(rowAt(rows, 0x90).at("lane_utilisation")) == Approx(1000.0 / 1024).epsilon(1e-6));
  unsigned hot = 0;
  for (const CsvRow& row : rows) hot += row.at("hot") == "1";
  CHECK(hot >= 1);
  CHECK(hot <= 3);  // ceil(29 / 10)
}

TEST_CASE("per-source-line roll-up", "[frontend][cli][report][dwarf]") {
  const auto r =
      runGcnsim("run " + kExamples + "debug_lines/saxpy.gfx900.json --report lines --report-format csv");
  REQUIRE(r.status == 0);
  const std::vector<CsvRow> rows = parseCsv(r.out);
  // Instructions per line from llvm-dwarfdump-15 --debug-line (see the listing
  // test): line 4: 9, 5: 3, 7: 4, 8: 7, 9: 3, 10: 1; 16 executions each.
  const std::map<std::string, unsigned> expect = {{"4", 9}, {"5", 3}, {"7", 4},
                                                  {"8", 7}, {"9", 3}, {"10", 1}};
  REQUIRE(rows.size() == expect.size());
  for (const CsvRow& row : rows) {
    INFO(row.at("line"));
    CHECK(row.at("file") == "debug_lines/saxpy.cl");
    CHECK(row.at("instructions") == std::to_string(expect.at(row.at("line"))));
    CHECK(row.at("execs") == std::to_string(16 * expect.at(row.at("line"))));
  }
  const auto text = runGcnsim("run " + kExamples + "debug_lines/saxpy.gfx900.json --report lines");
  CHECK_THAT(text.out, Catch::Contains("debug_lines/saxpy.cl:7"));
  const auto none = runGcnsim("run " + kExamples + "vector_add/vector_add.gfx900.json --report lines");
  CHECK_THAT(none.out, Catch::Contains("no DWARF line table"));
}

TEST_CASE("stalls and listing as JSON hold every stall reason", "[frontend][cli][report]") {
  const auto dir = tempDir();
  const auto result = dir / "reduction.json";
  const std::string job = kExamples + "reduction/reduction.gfx900.json";
  const auto r = runGcnsim("run " + job + " --report stalls,listing,stats --report-format json --result " +
                           result.string());
  REQUIRE(r.status == 0);
  const json doc = json::parse(r.out);  // stdout is one JSON document
  const json& stalls = doc.at("stalls");
  uint64_t total = 0;
  std::map<std::string, uint64_t> byReasonFromListing;
  for (const char* k : {"lgkm", "vm", "exp", "barrier", "dependency", "port", "ifetch"})
    total += stalls.at("by_reason").at(k).get<uint64_t>();
  CHECK(total == stalls.at("stall_cycles").get<uint64_t>());
  for (const json& row : doc.at("listing"))
    for (const auto& [k, v] : row.at("stalls").items()) byReasonFromListing[k] += v.get<uint64_t>();
  for (const auto& [k, v] : byReasonFromListing) CHECK(v == stalls.at("by_reason").at(k).get<uint64_t>());
  // The text report's "other stalls" line has the same numbers.
  const auto text = runGcnsim("run " + job + " --report stalls");
  const auto w = wordsOfLine(text.out, "other stalls:");
  // "other stalls: dependency D, issue port busy P, instruction fetch F, expcnt E cycles"
  REQUIRE(w.size() == 14);
  CHECK(w[3] == std::to_string(stalls.at("by_reason").at("dependency").get<uint64_t>()) + ",");
  CHECK(w[7] == std::to_string(stalls.at("by_reason").at("port").get<uint64_t>()) + ",");
  CHECK(w[10] == std::to_string(stalls.at("by_reason").at("ifetch").get<uint64_t>()) + ",");
  CHECK(w[12] == std::to_string(stalls.at("by_reason").at("exp").get<uint64_t>()));
  // The result document carries the same sections.
  const json saved = readJson(result);
  CHECK(saved.at("stalls") == stalls);
  CHECK(saved.at("listing") == doc.at("listing"));
  CHECK(saved.at("stats") == doc.at("stats"));
  // The counters under rocprof's names are the ones the README's table maps.
  const json& st = saved.at("stats");
  const std::pair<const char*, const char*> names[] = {{"GRBM_GUI_ACTIVE", "cycles"},
                                                       {"SQ_WAVES", "waves"},
                                                       {"SQ_INSTS_VALU", "inst_valu"},
                                                       {"SQ_INSTS_SMEM", "inst_smem"},
                                                       {"SQ_INSTS_LDS", "inst_lds"},
                                                       {"SQ_INSTS_GDS", "inst_gds"},
                                                       {"SQ_LDS_BANK_CONFLICT", "lds_conflict_cycles"},
                                                       {"SQC_DCACHE_HITS", "kcache_hits"},
                                                       {"SQC_DCACHE_MISSES", "kcache_misses"},
                                                       {"TCC_HIT_sum", "l2_hits"},
                                                       {"TCC_MISS_sum", "l2_misses"}};
  CHECK(st.at("rocprof").size() == std::size(names));
  for (const auto& [rocprof, ours] : names) CHECK(st.at("rocprof").at(rocprof) == st.at(ours));
  // The statistics as CSV: one name,value row per counter of the document,
  // lists and objects element by element (ipc_per_cu[0], rocprof.SQ_WAVES).
  const auto csv = runGcnsim("run " + job + " --report stats --report-format csv");
  REQUIRE(csv.status == 0);
  const std::vector<CsvRow> rows = parseCsv(csv.out);
  size_t expectRows = 0;
  for (const auto& [k, v] : st.items()) expectRows += v.is_structured() ? v.size() : 1;
  CHECK(rows.size() == expectRows);
  for (const CsvRow& row : rows) {
    const std::string& name = row.at("name");
    if (name.rfind("rocprof.", 0) == 0)
      CHECK(row.at("value") == st.at("rocprof").at(name.substr(8)).dump());
    else if (st.contains(name) && st.at(name).is_number_unsigned())
      CHECK(row.at("value") == std::to_string(st.at(name).get<uint64_t>()));
  }
  // The stalls as CSV: the "all" row counts every execution, the run's wave-instructions (it had said 0),
  // and sums the per-PC rows' stall cycles.
  const auto stallsCsv = runGcnsim("run " + job + " --report stalls --report-format csv -q");
  REQUIRE(stallsCsv.status == 0);
  const std::vector<CsvRow> stallRows = parseCsv(stallsCsv.out);
  REQUIRE(!stallRows.empty());
  const CsvRow& all = stallRows.back();
  CHECK(all.at("pc") == "all");
  CHECK(all.at("count") == std::to_string(st.at("instructions").get<uint64_t>()));
  uint64_t stalled = 0;
  for (size_t i = 0; i + 1 < stallRows.size(); ++i) stalled += std::stoull(stallRows[i].at("stall_cycles"));
  CHECK(all.at("stall_cycles") == std::to_string(stalled));
  std::filesystem::remove_all(dir);
}

TEST_CASE("stats: the stall counters are issue turns of the stall profile's cycles",
          "[frontend][cli][report]") {
  // README "Timing model": waitcnt_stalls and barrier_waits count the issue turns waves spent blocked; a
  // SIMD's turn comes every cu.simds cycles (4 on vega10), and the stall profile counts the cycles.
  const auto dir = tempDir();
  const auto result = dir / "lds_reduce.json";
  const std::string job = std::string(GCNSIM_SOURCE_DIR) + "/tests/kernels/jobs/lds_reduce.gfx900.json";
  const auto r =
      runGcnsim("run " + job + " -q --report stalls --report-format json --result " + result.string());
  REQUIRE(r.status == 0);
  const json doc = readJson(result);
  const json& st = doc.at("stats");
  const json& by = doc.at("stalls").at("by_reason");
  const auto cycles = [&](const char* k) { return by.at(k).get<uint64_t>(); };
  CHECK(st.at("barrier_waits").get<uint64_t>() > 0);  // the kernel's work-groups meet at barriers
  CHECK(st.at("barrier_waits").get<uint64_t>() * 4 == cycles("barrier"));
  CHECK(st.at("waitcnt_stalls").get<uint64_t>() * 4 == cycles("lgkm") + cycles("vm") + cycles("exp"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("LDS bank-conflict cycles per instruction", "[frontend][cli][report]") {
  const auto dir = tempDir();
  const auto result = dir / "histogram.json";
  // Work-items of a wave increment histogram bins in LDS: lanes hitting one bank conflict.
  const auto r =
      runGcnsim("run " + std::string(GCNSIM_TEST_DATA) +
                "/kernels/jobs/histogram_local.gfx900.json --report listing --report-format json --result " +
                result.string());
  REQUIRE(r.status == 0);
  const json doc = json::parse(r.out);
  const uint64_t total = readJson(result).at("stats").at("lds_conflict_cycles").get<uint64_t>();
  CHECK(total > 0);
  uint64_t sum = 0;
  for (const json& row : doc.at("listing")) {
    const uint64_t c = row.at("lds_conflict_cycles").get<uint64_t>();
    sum += c;
    // Only LDS instructions can have bank conflicts.
    if (c) CHECK_THAT(row.at("instruction").get<std::string>(), Catch::StartsWith("ds_"));
  }
  CHECK(sum == total);  // the per-instruction figures add up to the run's statistic
  std::filesystem::remove_all(dir);
}

TEST_CASE("report formats: an unknown one is refused in one line", "[frontend][cli][report]") {
  const auto r =
      runGcnsim("run " + kExamples + "reduction/reduction.gfx900.json --report stats --report-format xml");
  CHECK(r.status == 2);
  CHECK(r.err == "gcnsim: --report-format: \"xml\" is not a format (expected text, json or csv)\n");
  // JSON and CSV reports own stdout.
  const auto pipe = runGcnsim("run " + kExamples +
                              "reduction/reduction.gfx900.json --report stats --report-format csv --trace -");
  CHECK(pipe.status == 2);
  CHECK(pipe.err ==
        "gcnsim: --report-format csv: the reports go to stdout, which --trace - already writes to\n");
}

TEST_CASE("gcnsim diff compares two result documents", "[frontend][cli][diff]") {
  const auto dir = tempDir();
  // B: vega10 with a single CU, so the 16 workgroups queue and the stalls change.
  std::ifstream cfgIn(std::string(GCNSIM_SOURCE_DIR) + "/configs/vega10.json");
  std::string cfg((std::istreambuf_iterator<char>(cfgIn)), std::istreambuf_iterator<char>());
  const std::string cus = R"("cus": {"value": 64,)";
  REQUIRE(cfg.find(cus) != std::string::npos);
  cfg.replace(cfg.find(cus), cus.size(), R"("cus": {"value": 1,)");
  std::ofstream(dir / "one_cu.json") << cfg;
  const std::string job = kExamples + "reduction/reduction.gfx900.json --report listing --report-format json";
  const auto a = dir / "a.json", b = dir / "b.json";
  REQUIRE(runGcnsim("run " + job + " --result " + a.string()).status == 0);
  REQUIRE(runGcnsim("run " + job + " --config " + (dir / "one_cu.json").string() + " --result " + b.string())
              .status == 0);
  const json ja = readJson(a), jb = readJson(b);
  const auto r = runGcnsim("diff " + a.string() + " " + b.string());
  REQUIRE(r.status == 0);
  const int64_t ca = ja["stats"]["cycles"], cb = jb["stats"]["cycles"];
  REQUIRE(ca != cb);
  const auto cycles = wordsOfLine(r.out, "  cycles");
  REQUIRE(cycles.size() == 5);
  CHECK(cycles[1] == std::to_string(ca));
  CHECK(cycles[2] == std::to_string(cb));
  CHECK(cycles[3] == (cb > ca ? "+" : "") + std::to_string(cb - ca));
  // Every counter of A's stats has a row.
  for (const auto& [k, v] : ja["stats"].items())
    if (v.is_number_unsigned())
      CHECK(wordsOfLine(r.out, "  " + k + " ").at(1) == std::to_string(v.get<uint64_t>()));
  // Per-PC stall deltas: the instruction with A's largest stall.
  const json* worst = nullptr;
  for (const json& row : ja["listing"])
    if (!worst || row["stall_cycles"] > (*worst)["stall_cycles"]) worst = &row;
  REQUIRE(worst);
  uint64_t stallB = 0;
  for (const json& row : jb["listing"])
    if (row["pc"] == (*worst)["pc"]) stallB = row["stall_cycles"];
  std::ostringstream pc;
  pc << "0x" << std::hex << (*worst)["pc"].get<uint64_t>();
  const auto w = wordsOfLine(r.out, std::string(10 - pc.str().size(), ' ') + pc.str() + " ");
  CHECK(w.at(1) == std::to_string((*worst)["stall_cycles"].get<uint64_t>()));
  CHECK(w.at(2) == std::to_string(stallB));
  // --changed keeps the cycles and drops what is equal (both runs have 16 waves).
  REQUIRE(ja["stats"]["waves"] == jb["stats"]["waves"]);
  const auto changed = runGcnsim("diff --changed " + a.string() + " " + b.string());
  CHECK(wordsOfLine(changed.out, "  cycles").at(1) == std::to_string(ca));
  CHECK_THAT(changed.out, !Catch::Contains("\n  waves "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim diff: the header names each side's --set overrides", "[frontend][cli][diff]") {
  // Two runs of vega10 that differ only by --set had both been labelled "config vega10".
  const auto dir = tempDir();
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  const auto a = dir / "a.json", b = dir / "b.json";
  REQUIRE(runGcnsim("run " + job + " --result " + a.string()).status == 0);
  REQUIRE(
      runGcnsim("run " + job + " --set gpu.cus=4 --set issue.arbitration=round_robin --result " + b.string())
          .status == 0);
  const auto r = runGcnsim("diff " + a.string() + " " + b.string());
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("timing mode, config vega10)\n"));
  CHECK_THAT(r.out,
             Catch::Contains("timing mode, config vega10 (gpu.cus=4 issue.arbitration=round_robin))\n"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim diff: B - A of 64-bit counters is exact, however far apart", "[frontend][cli][diff]") {
  // The difference of two int64/uint64 JSON numbers may need 65 bits; int64 arithmetic had wrapped it
  // (x gave -1, y +1; UBSan: signed overflow).
  const auto dir = tempDir();
  std::ofstream(dir / "a.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {"x": -9223372036854775808, "y": 18446744073709551615, "z": 7}})";
  std::ofstream(dir / "b.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {"x": 9223372036854775807, "y": 0, "z": 5}})";
  const auto r = runGcnsim("diff " + (dir / "a.json").string() + " " + (dir / "b.json").string());
  REQUIRE(r.status == 0);
  CHECK(wordsOfLine(r.out, "  x ").at(3) == "+18446744073709551615");  // 2^63 - 1 - (-2^63) = 2^64 - 1
  CHECK(wordsOfLine(r.out, "  y ").at(3) == "-18446744073709551615");
  CHECK(wordsOfLine(r.out, "  z ").at(3) == "-2");
  // The same for a per-PC stall delta; a listing row whose instruction is not text shows "?", and a
  // stalls.by_reason that is not an object has no rows (both had been internal errors: JSON type errors).
  std::ofstream(dir / "la.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {}, "stalls": {"by_reason": 5},
      "listing": [{"pc": 4, "stall_cycles": 18446744073709551615, "instruction": 7}]})";
  std::ofstream(dir / "lb.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {}, "stalls": {"by_reason": {"lgkm": 3}},
      "listing": [{"pc": 4, "stall_cycles": 0, "instruction": "s_nop 0"}]})";
  const auto l = runGcnsim("diff " + (dir / "la.json").string() + " " + (dir / "lb.json").string());
  REQUIRE(l.status == 0);
  CHECK(wordsOfLine(l.out, "       0x4 ") == std::vector<std::string>{"0x4", "18446744073709551615", "0",
                                                                      "-18446744073709551615", "-100.0%", "?",
                                                                      "|", "B:", "s_nop", "0"});
  CHECK_THAT(l.out, !Catch::Contains("stall cycles by reason"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim diff: rows in A's key order, then B's own keys, 100,000 keys in seconds",
          "[frontend][cli][diff]") {
  const auto dir = tempDir();
  // A repeats "a": its first place and its last value, as nlohmann::json::parse keeps it.
  std::ofstream(dir / "a.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {"b": 1, "a": 2, "n": {"y": 1, "x": 2}, "a": 3, "m": {"k": 4}}})";
  std::ofstream(dir / "b.json")
      << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {"c": 5, "m": {"j": 6, "k": 4}, "a": 2, "b": 1}})";
  const auto r = runGcnsim("diff " + (dir / "a.json").string() + " " + (dir / "b.json").string());
  REQUIRE(r.status == 0);
  std::vector<std::string> names;
  std::istringstream lines(r.out.substr(r.out.find("statistic")));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line) && !line.empty()) names.push_back(wordsOfLine(line, "  ").at(0));
  CHECK(names == std::vector<std::string>{"b", "a", "n.y", "n.x", "m.k", "m.j", "c"});  // (n: A's only)
  CHECK(wordsOfLine(r.out, "  a ") == std::vector<std::string>{"a", "3", "2", "-1", "-33.3%"});

  // 100,000 statistics each, half of them in both: reading and matching the
  // keys had been quadratic (each key a linear search), over a minute.
  const int n = 100000;
  for (const char* side : {"a", "b"}) {
    std::ofstream f(dir / (std::string(side) + "_big.json"));
    f << R"({"kernel": "k", "arch": "gfx900", "mode": "timing", "stats": {)";
    const int first = side[0] == 'a' ? 0 : n / 2;  // B: keys n/2 to 3n/2 - 1, each 1 more than A's
    for (int i = first; i < first + n; ++i)
      f << (i > first ? ", " : "") << "\"k" << i << "\": " << i + (first ? 1 : 0);
    f << "}}";
  }
  // (About 1 s; the quadratic diff took over 60. No time is asserted in a unit test.)
  const auto big = runGcnsim("diff " + (dir / "a_big.json").string() + " " + (dir / "b_big.json").string());
  REQUIRE(big.status == 0);
  // Rows k0 .. k149999 in order: A's keys, then B's own.
  std::vector<std::string> rows;
  std::istringstream bigLines(big.out.substr(big.out.find("statistic")));
  std::getline(bigLines, line);
  while (std::getline(bigLines, line) && !line.empty()) rows.push_back(wordsOfLine(line, "  ").at(0));
  REQUIRE(rows.size() == size_t(n + n / 2));
  size_t inOrder = 0;
  for (size_t i = 0; i < rows.size(); ++i) inOrder += rows[i] == "k" + std::to_string(i);
  CHECK(inOrder == rows.size());
  CHECK(wordsOfLine(big.out, "  k1 ") == std::vector<std::string>{"k1", "1", "-", "-", "-"});
  CHECK(wordsOfLine(big.out, "  k50000 ") ==
        std::vector<std::string>{"k50000", "50000", "50001", "+1", "+0.0%"});
  CHECK(wordsOfLine(big.out, "  k149999 ") == std::vector<std::string>{"k149999", "-", "150000", "-", "-"});
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim diff: a list or object only one side has is \"-\" on the other", "[frontend][cli][diff]") {
  // A timing run's stats against a functional run's, which has no ipc_per_cu or rocprof: the missing side
  // had summed to 0 (a false -100 %) and a missing object had hidden the other side's values.
  const auto dir = tempDir();
  std::ofstream(dir / "t.json") << R"({"kernel": "k", "arch": "gfx900", "mode": "timing",
      "stats": {"instructions": 10, "ipc_per_cu": [1.5, 0.5], "rocprof": {"SQ_WAVES": 16}}})";
  std::ofstream(dir / "f.json") << R"({"kernel": "k", "arch": "gfx900", "mode": "functional",
      "stats": {"instructions": 10}})";
  const auto tf = runGcnsim("diff " + (dir / "t.json").string() + " " + (dir / "f.json").string());
  REQUIRE(tf.status == 0);
  CHECK(wordsOfLine(tf.out, "  ipc_per_cu[sum] ") ==
        std::vector<std::string>{"ipc_per_cu[sum]", "2", "-", "-", "-"});
  CHECK(wordsOfLine(tf.out, "  ipc_per_cu[0] ") ==
        std::vector<std::string>{"ipc_per_cu[0]", "1.5", "-", "-", "-"});
  CHECK(wordsOfLine(tf.out, "  rocprof.SQ_WAVES ") ==
        std::vector<std::string>{"rocprof.SQ_WAVES", "16", "-", "-", "-"});
  const auto ft = runGcnsim("diff " + (dir / "f.json").string() + " " + (dir / "t.json").string());
  REQUIRE(ft.status == 0);
  CHECK(wordsOfLine(ft.out, "  ipc_per_cu[sum] ") ==
        std::vector<std::string>{"ipc_per_cu[sum]", "-", "2", "-", "-"});
  CHECK(wordsOfLine(ft.out, "  rocprof.SQ_WAVES ") ==
        std::vector<std::string>{"rocprof.SQ_WAVES", "-", "16", "-", "-"});
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcnsim diff: bad input is one line and exit 2", "[frontend][cli][diff]") {
  const auto dir = tempDir();
  std::ofstream(dir / "text.json") << "not json";
  std::ofstream(dir / "empty_object.json") << "{}";
  std::ofstream(dir / "no_stats.json") << R"({"kernel": "k", "arch": "gfx900", "mode": "timing"})";
  const std::string good = kExamples + "vector_add/vector_add.gfx900.json";  // a job, not a result
  const auto report = runGcnsim("run " + good + " -q --report stalls,listing,stats --report-format json");
  REQUIRE(report.status == 0);
  std::ofstream(dir / "report.json") << report.out;
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"diff " + (dir / "absent.json").string() + " " + good, "absent.json: cannot open"},
      {"diff " + (dir / "text.json").string() + " " + good, "text.json: not JSON"},
      {"diff " + (dir / "empty_object.json").string() + " " + good,
       "empty_object.json: not a gcnsim result document (from gcnsim run --result): no \"kernel\" string"},
      // A report as JSON has "stats", but is not a result document.
      {"diff " + (dir / "report.json").string() + " " + (dir / "report.json").string(),
       "report.json: not a gcnsim result document (from gcnsim run --result): no \"kernel\" string"},
      {"diff " + (dir / "no_stats.json").string() + " " + good,
       "no_stats.json: not a gcnsim result document"},
      {"diff " + good, "diff: expected two result documents"},
  };
  for (const Case& c : cases) {
    const auto r = runGcnsim(c.args);
    INFO(c.args);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("code that calls functions: disasm shows them all, reports name code before the kernel",
          "[frontend][cli][report]") {
  // calls_o0 (clang -O0): llvm-objdump-15 -t lists the functions mix at 0x1800 (0x2bc bytes), calls_o0 at
  // 0x1b00, _Z13get_global_idj at 0x201c and __ockl_get_global_id at 0x2044; -d disassembles each of them.
  const std::string hsaco = std::string(GCNSIM_TEST_DATA) + "/kernels/bin/calls_o0.gfx900.hsaco";
  const auto d = runGcnsim("disasm " + hsaco);
  REQUIRE(d.status == 0);
  std::vector<std::string> labels;
  std::istringstream in(d.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != ' ') labels.push_back(line);
  CHECK(labels ==
        std::vector<std::string>{"mix:", "calls_o0:", "_Z13get_global_idj:", "__ockl_get_global_id:"});
  // llvm-objdump-15: "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0) // 000000001800: BF8C0000" opens mix.
  CHECK_THAT(d.out,
             Catch::Contains("mix:\n  000000001800: BF8C0000                   s_waitcnt vmcnt(0) expcnt(0) "
                             "lgkmcnt(0)\n"));
  CHECK_THAT(runGcnsim("disasm --kernel calls_o0 " + hsaco).out, !Catch::Contains("mix:"));
  // mix ends at 0x1abc; llvm-objdump-15 -d lists the padding up to calls_o0 under it: 17 x "s_nop 0
  // // 000000001ABC: BF800000" to 0x1afc, then "<calls_o0>:".
  CHECK_THAT(d.out, Catch::Contains("  000000001afc: BF800000                   s_nop 0\n\ncalls_o0:\n"));
  CHECK_THAT(d.out, Catch::Contains("  000000001abc: BF800000                   s_nop 0\n"));

  // mix lies 0x300 bytes before the kernel entry: its PCs are negative offsets (they had wrapped around to
  // 2^64 - 0x300), in every report and trace; the listing adds the functions the kernel called.
  const std::string job = std::string(GCNSIM_TEST_DATA) + "/kernels/jobs/calls_o0.gfx900.json";
  const auto l = runGcnsim("run " + job + " -q --report listing --report-format json");
  REQUIRE(l.status == 0);
  const json rows = json::parse(l.out).at("listing");
  std::vector<std::string> functions;
  const std::map<std::string, std::pair<int64_t, int64_t>> range = {
      // [from, to) from the entry (0x1b00)
      {"calls_o0", {0, 0x51c}},
      {"mix", {0x1800 - 0x1b00, 0x1800 + 0x2bc - 0x1b00}},
      {"_Z13get_global_idj", {0x201c - 0x1b00, 0x2044 - 0x1b00}},
      {"__ockl_get_global_id", {0x2044 - 0x1b00, 0x2044 + 0xbb8 - 0x1b00}}};
  for (const json& r : rows) {
    const std::string f = r.at("function").get<std::string>();
    if (functions.empty() || functions.back() != f) functions.push_back(f);
    const int64_t pc = r.at("pc").get<int64_t>();
    INFO(f << " pc " << pc);
    CHECK(pc >= range.at(f).first);
    CHECK(pc < range.at(f).second);
  }
  CHECK(functions ==
        std::vector<std::string>{"calls_o0", "mix", "_Z13get_global_idj", "__ockl_get_global_id"});
  CHECK(rows[0].at("pc") == 0);
  for (const json& r : rows)
    if (r.at("pc") == -0x300) CHECK(r.at("execs") == 8);  // mix's first instruction: 4 waves x 2 calls

  const auto t = runGcnsim("run " + job + " -q --trace - --trace-format jsonl");
  REQUIRE(t.status == 0);
  std::istringstream tin(t.out);
  uint64_t entry = 0;
  bool sawMix = false;
  for (std::string line; std::getline(tin, line);) {
    const json e = json::parse(line);
    if (e.at("ev") == "header") entry = e.at("entry_pc").get<uint64_t>();
    if (e.at("ev") != "issue") continue;
    CHECK(e.at("pc_abs").get<uint64_t>() - entry == uint64_t(e.at("pc").get<int64_t>()));
    sawMix = sawMix || e.at("pc") == -0x300;
  }
  CHECK(sawMix);
  const auto s = runGcnsim("run " + job + " -q --report stalls");
  CHECK_THAT(s.out, Catch::Contains("\n    -0x300       8 "));
  // gcnsim diff compares those rows too (it had dropped every row with a negative pc).
  const std::filesystem::path a = tempDir() / "calls_o0_a.json", b = tempDir() / "calls_o0_b.json";
  REQUIRE(runGcnsim("run " + job + " -q --report listing --result " + a.string()).status == 0);
  REQUIRE(runGcnsim("run " + job + " -q --report listing --set l1.hit_latency=200 --result " + b.string())
              .status == 0);
  const auto diff = runGcnsim("diff " + a.string() + " " + b.string());
  CHECK(diff.status == 0);
  CHECK_THAT(diff.out,
             Catch::Matches("[\\s\\S]*\n    -0x300 +[0-9]+ +[0-9]+ .* s_waitcnt vmcnt\\(0\\) expcnt\\(0\\) "
                            "lgkmcnt\\(0\\)\n[\\s\\S]*"));

  // A fault names the PC from the kernel's entry, not from the start of .text (mix, 0x300 bytes before it):
  // llvm-objdump-15 puts calls_o0's `global_store_dword v[0:1], v2, off` at 0x1ff8, entry + 0x4f8.
  json small = json::parse(gcnsim::test::readText(job));
  small["kernel"]["file"] = std::string(GCNSIM_TEST_DATA) + "/kernels/bin/calls_o0.gfx900.hsaco";
  small["buffers"]["out"]["count"] = 1;
  const std::filesystem::path faulting = tempDir() / "calls_o0_fault.json";
  std::ofstream(faulting) << small.dump();
  for (const char* mode : {"timing", "functional"}) {
    const auto f = runGcnsim("run " + faulting.string() + " -q --mode " + mode);
    CHECK(f.status == 1);
    CHECK_THAT(f.err, Catch::Contains("(entry+0x4f8) `global_store_dword v[0:1], v2, off`"));
  }
}
