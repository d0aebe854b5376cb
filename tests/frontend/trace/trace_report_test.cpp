// Traces and profiles through runJob (README "Traces and profiles"): the
// chrome trace is valid JSON with the fields the Trace Event Format needs;
// the jsonl trace, replayed, reproduces the stall report; filters select
// waves and cycles; tracing and profiling never change the cycle count.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"
#include "frontend/trace/trace_filter.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim::frontend;
namespace fs = std::filesystem;

namespace {

std::string example(const std::string& name, const std::string& arch) {
  return std::string(GCNSIM_SOURCE_DIR) + "/examples/" + name + "/" +
         (name == "asm" ? "smem_lds_buffer" : name) + "." + arch + ".json";
}

fs::path tempFile(const std::string& name) { return gcnsim::test::scratchDir("trace_test") / name; }

RunOutcome runWith(const std::string& jobPath, const RunOptions& base) {
  RunOptions opt = base;
  const Job job = loadJob(jobPath);
  RunOutcome out = runJob(job, opt);
  INFO(out.status.message);
  REQUIRE(out.status.ok());
  return out;
}

std::vector<nlohmann::json> readJsonl(const fs::path& p) {
  std::vector<nlohmann::json> v;
  std::ifstream in(p);
  for (std::string line; std::getline(in, line);) v.push_back(nlohmann::json::parse(line));
  return v;
}

// Every counter of the result document's statistics, by name.
std::map<std::string, uint64_t> counters(const RunOutcome& out) {
  return {out.doc.stats.extra.begin(), out.doc.stats.extra.end()};
}

const std::vector<std::string> kExamples = {"vector_add", "reduction", "asm"};
const std::vector<std::string> kArchs = {"gfx600", "gfx700", "gfx803", "gfx900"};

}  // namespace

TEST_CASE("chrome trace of an example is valid Trace Event Format JSON", "[frontend][trace]") {
  RunOptions opt;
  opt.trace = tempFile("reduction.chrome.json").string();
  opt.traceFormat = "chrome";
  runWith(example("reduction", "gfx900"), opt);
  std::ifstream in(opt.trace);
  const nlohmann::json doc = nlohmann::json::parse(in);  // throws if not valid JSON
  REQUIRE(doc.contains("traceEvents"));
  const auto& events = doc["traceEvents"];
  REQUIRE(events.is_array());
  std::map<std::string, size_t> phases;
  for (const auto& e : events) {
    for (const char* key : {"ph", "ts", "pid", "tid", "name"}) {
      INFO(e.dump() << " lacks " << key);
      CHECK(e.contains(key));
    }
    ++phases[e["ph"].get<std::string>()];
    if (e["ph"] == "X") {
      CHECK(e.contains("dur"));
      CHECK(e["dur"].is_number_unsigned());
    }
    if (e["ph"] == "M")
      CHECK((e["name"] == "process_name" || e["name"] == "thread_name" || e["name"] == "process_sort_index" ||
             e["name"] == "thread_sort_index"));
    if (e["ph"] == "C") CHECK(e["args"].contains("lgkm"));
  }
  CHECK(phases["X"] > 0);
  CHECK(phases["M"] > 0);
  CHECK(phases["C"] > 0);
  CHECK(phases["i"] > 0);
}

TEST_CASE("jsonl trace replayed reproduces the stall report", "[frontend][trace]") {
  for (const std::string& name : kExamples) {
    CAPTURE(name);
    RunOptions opt;
    opt.trace = tempFile(name + ".jsonl").string();
    opt.traceFormat = "jsonl";
    opt.reports = {"stalls", "listing"};
    const RunOutcome out = runWith(example(name, "gfx900"), opt);
    std::map<std::string, uint64_t> byReason;
    std::map<uint64_t, uint64_t> lgkmByPc;
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> lanesByPc, memByPc;  // (sum, count)
    uint64_t issues = 0, vmToo = 0;
    std::map<std::string, uint64_t> lines;  // the requests' cache lines, summed per field
    for (const auto& e : readJsonl(opt.trace)) {
      if (e["ev"] == "issue") {
        ++issues;
        lanesByPc[e["pc"].get<uint64_t>()].first += e["exec"].get<uint64_t>();
        ++lanesByPc[e["pc"].get<uint64_t>()].second;
      }
      if (e["ev"] == "mem" && e["phase"] == "req") {
        memByPc[e["pc"].get<uint64_t>()].first += e["done"].get<uint64_t>() - e["cycle"].get<uint64_t>();
        ++memByPc[e["pc"].get<uint64_t>()].second;
        for (const char* f : {"k_hit", "k_miss", "l1_hit", "l1_miss", "l1_write"})
          lines[f] += e[f].get<uint64_t>();
      }
      if (e["ev"] != "stall") continue;
      byReason[e["reason"].get<std::string>()] += e["dur"].get<uint64_t>();
      if (e.contains("vm_too")) vmToo += e["dur"].get<uint64_t>();  // counts in the vm section too
      if (e["reason"] == "lgkm") lgkmByPc[e["pc"].get<uint64_t>()] += e["dur"].get<uint64_t>();
    }
    CHECK(issues == out.doc.stats.instructions);
    // The requests' lines add up to the run's counters: loads hit or miss in the L1, stores and atomics
    // go through it (l1_hits + l1_misses + l1_writes = l1_requests).
    std::map<std::string, uint64_t> stats(out.doc.stats.extra.begin(), out.doc.stats.extra.end());
    CHECK(lines["k_hit"] == stats.at("kcache_hits"));
    CHECK(lines["k_miss"] == stats.at("kcache_misses"));
    CHECK(lines["l1_hit"] == stats.at("l1_hits"));
    CHECK(lines["l1_miss"] == stats.at("l1_misses"));
    CHECK(lines["l1_write"] == stats.at("l1_writes"));
    CHECK(lines["l1_write"] > 0);  // every example stores its results
    // The result document's sections hold the same totals.
    std::map<std::string, nlohmann::json> sections;
    for (const auto& [key, text] : out.doc.sections) sections[key] = nlohmann::json::parse(text);
    REQUIRE(sections.count("lgkm"));
    CHECK(sections["lgkm"]["stall_cycles"].get<uint64_t>() == byReason["lgkm"]);
    CHECK(sections["vm"]["stall_cycles"].get<uint64_t>() == byReason["vm"] + vmToo);
    CHECK(sections["barrier"]["stall_cycles"].get<uint64_t>() == byReason["barrier"]);
    CHECK(byReason["lgkm"] > 0);
    for (const auto& entry : sections["lgkm"]["by_pc"]) {
      CHECK(entry["stall_cycles"].get<uint64_t>() == lgkmByPc[entry["pc"].get<uint64_t>()]);
      uint64_t split = 0;
      for (const auto& [k, v] : entry["waiting_on"].items()) split += v.get<uint64_t>();
      CHECK(split == entry["stall_cycles"].get<uint64_t>());
      CHECK(entry["min"].get<uint64_t>() <= entry["max"].get<uint64_t>());
    }
    uint64_t perWave = 0;
    for (const auto& w : sections["lgkm"]["by_wave"]) perWave += w["stall_cycles"].get<uint64_t>();
    CHECK(perWave == byReason["lgkm"]);
    // Every reason, the "other stalls" included, in the "stalls" section.
    REQUIRE(sections.count("stalls"));
    for (const char* r : {"lgkm", "vm", "exp", "barrier", "dependency", "port", "ifetch"})
      CHECK(sections["stalls"]["by_reason"][r].get<uint64_t>() == byReason[r]);
    // The listing's lane utilisation and memory latency, from the trace's events.
    REQUIRE(sections.count("listing"));
    for (const auto& row : sections["listing"]) {
      const uint64_t pc = row["pc"].get<uint64_t>();
      CAPTURE(pc);
      const auto [lanes, n] = lanesByPc[pc];
      CHECK(row["execs"].get<uint64_t>() == n);
      CHECK(row["lane_utilisation"].get<double>() ==
            Approx(n ? double(lanes) / (64.0 * n) : 0.0).margin(1e-6));
      if (memByPc.count(pc))
        CHECK(row["avg_latency"].get<double>() ==
              Approx(double(memByPc[pc].first) / memByPc[pc].second).margin(1e-6));
    }
  }
}

TEST_CASE("trace filters select waves, cycles and CUs", "[frontend][trace]") {
  RunOptions opt;
  opt.trace = tempFile("filtered.jsonl").string();
  opt.traceFormat = "jsonl";
  opt.traceWaves = "1,3-4";
  opt.traceCycles = "100:600";
  runWith(example("vector_add", "gfx900"), opt);
  size_t n = 0;
  for (const auto& e : readJsonl(opt.trace)) {
    if (e["ev"] == "header" || e["ev"] == "end" || e["ev"] == "wg") continue;
    const uint64_t w = e["wave"].get<uint64_t>(), c = e["cycle"].get<uint64_t>();
    CHECK((w == 1 || w == 3 || w == 4));
    const uint64_t dur = e.contains("dur") && e["ev"] == "stall" ? e["dur"].get<uint64_t>() : 0;
    CHECK(c < 600);
    CHECK(c + dur >= 100);
    ++n;
  }
  CHECK(n > 0);
  opt.traceWaves.clear();
  opt.traceCycles.clear();
  opt.traceCu = 2;
  runWith(example("vector_add", "gfx900"), opt);
  for (const auto& e : readJsonl(opt.trace))
    if (e.contains("cu")) CHECK(e["cu"] == 2);
  opt.traceWaves = "3-1";
  CHECK_THROWS_AS(runWith(example("vector_add", "gfx900"), opt), InputError);
  // A CU the GPU does not have would leave the trace empty; a filter without a trace had been ignored.
  opt.traceWaves.clear();
  opt.traceCu = 64;
  CHECK_THROWS_WITH(runWith(example("vector_add", "gfx900"), opt),
                    "--trace-cu: 64 is not a CU of vega10 (0 to 63)");
  opt.trace.clear();
  CHECK_THROWS_WITH(runWith(example("vector_add", "gfx900"), opt), "--trace-cu: needs --trace");
  opt.traceCu.reset();
  opt.traceWaves = "3-1";
  CHECK_THROWS_WITH(runWith(example("vector_add", "gfx900"), opt), "--trace-waves: needs --trace");
  opt.traceWaves.clear();
  opt.traceCycles = "0:10";
  CHECK_THROWS_WITH(runWith(example("vector_add", "gfx900"), opt), "--trace-cycles: needs --trace");
  opt.traceCycles.clear();
  opt.traceFormat = "chrome";
  CHECK_THROWS_WITH(runWith(example("vector_add", "gfx900"), opt), "--trace-format: needs --trace");
}

TEST_CASE("trace filter: --trace-cycles keeps the issue and stall events that overlap the window",
          "[frontend][trace]") {
  // README "Filters": events that overlap the window pass. An issue at cycle 1 with dur 4 covers [1, 5) and
  // overlaps 2:10; it had been tested as an instant at cycle 1 and dropped.
  struct Recorder : gcnsim::sim::trace::TraceSink {
    std::vector<uint64_t> issues, stalls;
    void issue(const gcnsim::sim::trace::IssueEvent& e) override { issues.push_back(e.cycle); }
    void stall(const gcnsim::sim::trace::StallEvent& e) override { stalls.push_back(e.cycle); }
  } rec;
  TraceFilter f;
  f.from = 2, f.to = 10;
  FilterSink sink(f, rec);
  // (cycle, dur): [0, 2), [1, 2) and [10, 14) miss the window; [1, 5), [1, 3), the instant at 2 and [9, 13)
  // overlap it.
  for (const auto& [cycle, dur] :
       std::vector<std::pair<uint64_t, uint32_t>>{{0, 2}, {1, 4}, {1, 1}, {1, 2}, {2, 0}, {9, 4}, {10, 4}}) {
    gcnsim::sim::trace::IssueEvent i;
    i.cycle = cycle, i.dur = dur;
    sink.issue(i);
    gcnsim::sim::trace::StallEvent st;
    st.cycle = cycle, st.dur = dur;
    sink.stall(st);
  }
  const std::vector<uint64_t> kept = {1, 1, 2, 9};
  CHECK(rec.issues == kept);
  CHECK(rec.stalls == kept);
}

TEST_CASE("cycle limit: --max-cycles N, nothing issued or dispatched at or after N, for any thread count",
          "[frontend][trace]") {
  // vector_add (16 work-groups, 16 waves): its whole trace's events before N are the trace of a run
  // stopped by --max-cycles N, which ends at N (the work-group dispatch at cycle 4 and the issues at
  // cycle 4 had been in --max-cycles 4's trace, and its instruction count).
  const Job job = loadJob(example("vector_add", "gfx900"));
  RunOptions full;
  full.trace = tempFile("whole.jsonl").string();
  full.traceFormat = "jsonl";
  runWith(example("vector_add", "gfx900"), full);
  const std::vector<nlohmann::json> whole = readJsonl(full.trace);
  const auto before = [](const std::vector<nlohmann::json>& events, uint64_t n) {
    std::vector<nlohmann::json> out;
    for (const auto& e : events)
      if (e["ev"] != "header" && e["ev"] != "end" && e["ev"] != "stall" && e["cycle"].get<uint64_t>() < n)
        out.push_back(e);
    return out;
  };
  for (const uint64_t n : {1, 2, 4, 5, 13, 40, 300}) {
    CAPTURE(n);
    size_t issued = 0;
    for (const auto& e : before(whole, n)) issued += e["ev"] == "issue";
    RunOptions opt = full;
    opt.trace = tempFile("limited.jsonl").string();
    opt.maxCycles = n;
    const RunOutcome out = runJob(job, opt);
    CHECK(out.status.kind == gcnsim::sim::RunStatus::Watchdog);
    CHECK(out.cycles == n);
    CHECK(out.doc.stats.instructions == issued);
    const std::vector<nlohmann::json> limited = readJsonl(opt.trace);
    CHECK(before(limited, ~uint64_t{0}) == before(whole, n));
    CHECK(limited.back()["ev"] == "end");
    CHECK(limited.back()["cycle"] == n);
    for (const unsigned threads : {1u, 2u}) {
      RunOptions plain;
      plain.maxCycles = n;
      plain.threads = threads;
      const RunOutcome p = runJob(job, plain);
      CHECK(p.cycles == n);
      CHECK(p.doc.stats.instructions == issued);
    }
  }
}

TEST_CASE("the text trace's header escapes control characters in the kernel name", "[frontend][trace]") {
  // A raw-code kernel's label is the job's text: "two\nlines" had split the header comment over two lines,
  // the second not starting with '#'. Escaped as the summary and every message escape it (escapeText).
  nlohmann::json j = nlohmann::json::parse(gcnsim::test::readText(example("asm", "gfx900")));
  j["kernel"]["file"] = std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer.gfx900.bin";
  j["kernel"]["name"] = "two\nlines";
  const fs::path job = tempFile("two_lines.json");
  std::ofstream(job) << j.dump();
  RunOptions opt;
  opt.trace = tempFile("two_lines.txt").string();
  runWith(job.string(), opt);
  std::ifstream in(opt.trace);
  std::string first, second;
  REQUIRE(std::getline(in, first));
  REQUIRE(std::getline(in, second));
  CHECK_THAT(first,
             Catch::StartsWith("# gcnsim ") && Catch::Contains(" trace: kernel two\\nlines (gfx900, "));
  CHECK_THAT(second, Catch::StartsWith("# config "));
}

TEST_CASE("tracing and profiling never change the cycle count", "[frontend][trace]") {
  for (const std::string& name : kExamples)
    for (const std::string& arch : kArchs) {
      CAPTURE(name, arch);
      const RunOutcome plain = runWith(example(name, arch), RunOptions{});
      for (const char* format : {"text", "jsonl", "chrome"}) {
        RunOptions opt;
        opt.trace = tempFile(name + "." + arch + "." + format).string();
        opt.traceFormat = format;
        opt.reports = {"stalls", "listing", "stats"};
        const RunOutcome traced = runWith(example(name, arch), opt);
        CHECK(traced.cycles == plain.cycles);
        CHECK(counters(traced) == counters(plain));
        CHECK(traced.listing.size() > 0);
      }
    }
}

// A traced or profiled run looks at every wave every turn; an untraced one
// passes over waves it can tell are blocked. Their statistics must agree,
// also when one instruction a cycle fills every turn: an s_waitcnt whose
// counters had come back was passed over then, and counted a stall turn
// more than the traced run (61,599 against 61,471 on saxpy_many_wg gfx600).
TEST_CASE("tracing changes no statistic, also when every issue slot of a turn is taken",
          "[frontend][trace]") {
  const std::string jobs = std::string(GCNSIM_SOURCE_DIR) + "/tests/kernels/jobs/";
  for (const char* job : {"saxpy_many_wg.gfx600.json", "stream_read.gfx803.json", "lds_reduce.gfx900.json"})
    for (const char* set : {"issue.max_issue_per_cycle=1", "issue.max_issue_per_cycle=2"}) {
      CAPTURE(job, set);
      RunOptions opt;
      opt.sets = {set};
      const RunOutcome plain = runWith(jobs + job, opt);
      opt.reports = {"stalls"};
      const RunOutcome profiled = runWith(jobs + job, opt);
      CHECK(profiled.cycles == plain.cycles);
      const auto a = counters(plain), b = counters(profiled);
      CHECK(a.at("waitcnt_stalls") > 0);
      for (const auto& [name, value] : a) {
        CAPTURE(name);
        CHECK(b.at(name) == value);
      }
    }
}
