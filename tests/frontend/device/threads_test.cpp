// Both modes on several threads (README "Threads"): byte-identical buffers
// and equal instruction counts for 1, 2 and 4 threads (timing: equal cycles
// and statistics, and equal to a traced run, which is one group of every CU);
// kernels whose results could depend on the workgroup order run on one
// thread; faults and the watchdog are reported the same way for any thread
// count.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/timing_report.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim::frontend;

namespace {

const std::string kSource = GCNSIM_SOURCE_DIR;
const std::string kData = std::string(GCNSIM_TEST_DATA) + "/frontend/data/";

RunOutcome runOn(const Job& job, unsigned threads, uint64_t maxInstructions = uint64_t{1} << 34,
                 const std::string& mode = "functional", bool traced = false) {
  RunOptions opt;
  opt.mode = mode;
  if (traced) opt.reports = {"stalls"};  // a stall profile: the run is traced
  opt.threads = threads;
  opt.maxInstructions = maxInstructions;
  return runJob(job, opt);
}

// Runs `job` on 1, 2 and 4 threads and requires the same outcome each time.
RunOutcome sameOnAnyThreadCount(const Job& job) {
  const RunOutcome one = runOn(job, 1);
  INFO(one.status.message);
  REQUIRE(one.status.ok());
  for (unsigned threads : {2u, 4u}) {
    INFO(threads << " threads");
    const RunOutcome n = runOn(job, threads);
    REQUIRE(n.status.ok());
    CHECK(n.doc.stats.instructions == one.doc.stats.instructions);
    CHECK(n.doc.stats.waves == one.doc.stats.waves);
    CHECK(n.doc.stats.extra == one.doc.stats.extra);  // workgroups
    CHECK(n.opCounts == one.opCounts);
    REQUIRE(n.doc.buffers.size() == one.doc.buffers.size());
    for (size_t i = 0; i < n.doc.buffers.size(); ++i)
      CHECK(n.doc.buffers[i].bytes == one.doc.buffers[i].bytes);
  }
  return one;
}

// Timing mode: a traced run (one group of every CU, the L2 answering at
// once) and untraced runs on 1, 2 and 4 threads (a group per K$, the L2
// answering at epoch ends) give the same cycles, statistics and buffers.
RunOutcome sameTimingOnAnyThreadCount(const Job& job, uint64_t maxInstructions = uint64_t{1} << 34) {
  const RunOutcome ref = runOn(job, 1, maxInstructions, "timing", true);
  INFO(ref.status.message);
  for (unsigned threads : {1u, 2u, 4u}) {
    INFO(threads << " threads");
    const RunOutcome n = runOn(job, threads, maxInstructions, "timing");
    CHECK(n.status.kind == ref.status.kind);
    CHECK(n.status.message == ref.status.message);
    CHECK(n.cycles == ref.cycles);
    CHECK(n.opCounts == ref.opCounts);
    REQUIRE(n.summary.has_value() == ref.summary.has_value());
    if (n.summary) CHECK(statsTable(*n.summary) == statsTable(*ref.summary));
    REQUIRE(n.doc.buffers.size() == ref.doc.buffers.size());
    for (size_t i = 0; i < n.doc.buffers.size(); ++i)
      CHECK(n.doc.buffers[i].bytes == ref.doc.buffers[i].bytes);
  }
  return ref;
}

std::filesystem::path tempJob(const std::string& name, const std::string& text) {
  return gcnsim::test::writeText(gcnsim::test::scratchDir("threads") / (name + ".json"), text);
}

// wg_order.gfx900: workgroup `odd` faults (spin = false) or spins forever.
Job wgOrderJob(int odd, bool spin) {
  return loadJob(tempJob("wg_order_" + std::to_string(odd) + (spin ? "_spin" : ""),
                         R"({"kernel": {"file": ")" + kData + R"(wg_order.gfx900.bin", "format": "raw",
      "arch": "gfx900", "setup": {"s0": "workgroup_id_x", "s1": )" +
                             std::to_string(odd) + R"(, "s[2:3]": {"address": "out"}, "s10": )" +
                             (spin ? "0" : "1") + R"(}},
      "grid": [2560], "workgroup": [64], "buffers": {"out": {"type": "u32", "count": 40}}})"));
}

}  // namespace

TEST_CASE("threads: every example gives the same buffers and counts on 1, 2 and 4 threads", "[threads]") {
  for (const char* example : {"vector_add/vector_add", "reduction/reduction", "asm/smem_lds_buffer"})
    for (const char* arch : {"gfx600", "gfx700", "gfx803", "gfx900"}) {
      INFO(example << " " << arch);
      const Job job = loadJob(kSource + "/examples/" + example + "." + arch + ".json");
      const RunOutcome out = sameOnAnyThreadCount(job);
      CHECK(out.singleThreadReason.empty());
    }
  const RunOutcome two = runOn(loadJob(kSource + "/examples/vector_add/vector_add.gfx900.json"), 2);
  CHECK(two.threads == 2);  // 16 workgroups: really on two threads
}

TEST_CASE("threads: 2,000 workgroups of vector_add on 4 threads match the CPU and 1 thread", "[threads]") {
  const Job job = loadJob(tempJob("vadd_big", R"({"kernel": {"file": ")" + kSource +
                                                  R"(/examples/vector_add/vector_add.gfx900.hsaco"},
      "grid": [128000], "workgroup": [64],
      "buffers": {"a": {"type": "f32", "count": 128000, "random": {"seed": 1, "min": -100, "max": 100}},
                  "b": {"type": "f32", "count": 128000, "random": {"seed": 2, "min": -100, "max": 100}},
                  "c": {"type": "f32", "count": 128000}},
      "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 127990, "type": "u32"}],
      "output": ["c"]})"));
  const RunOutcome out = sameOnAnyThreadCount(job);
  std::vector<float> a(128000), b(128000), c(128000);
  std::memcpy(a.data(), job.findBuffer("a")->bytes.data(), 4 * a.size());
  std::memcpy(b.data(), job.findBuffer("b")->bytes.data(), 4 * b.size());
  std::memcpy(c.data(), out.doc.buffers.at(0).bytes.data(), 4 * c.size());
  for (size_t i = 0; i < c.size(); ++i) REQUIRE(c[i] == (i < 127990 ? a[i] + b[i] : 0.0f));
  CHECK(runOn(job, 4).threads == 4);
  // Timing: 2,000 workgroups on a GPU of 2,560 wave slots (vega10) that
  // retire and are replaced over many epochs.
  const RunOutcome timed = sameTimingOnAnyThreadCount(job);
  REQUIRE(timed.status.ok());
  CHECK(timed.doc.buffers.at(0).bytes == out.doc.buffers.at(0).bytes);
  const RunOutcome timed4 = runOn(job, 4, uint64_t{1} << 34, "timing");
  CHECK(timed4.threads == 4);
  CHECK(timed4.singleThreadReason.empty());
  // A traced run is one group of every CU, on one thread, and says so.
  const RunOutcome traced = runOn(job, 4, uint64_t{1} << 34, "timing", true);
  CHECK(traced.threads == 1);
  CHECK(traced.singleThreadReason == "a traced run");
}

TEST_CASE("threads: timing mode gives the same cycles and statistics on any thread count", "[threads]") {
  for (const char* example : {"vector_add/vector_add", "reduction/reduction", "asm/smem_lds_buffer"})
    for (const char* arch : {"gfx600", "gfx700", "gfx803", "gfx900"}) {
      INFO(example << " " << arch);
      const RunOutcome out =
          sameTimingOnAnyThreadCount(loadJob(kSource + "/examples/" + example + "." + arch + ".json"));
      CHECK(out.status.ok());
    }
  // Many workgroups that each use LDS and barriers, over many epochs (gfx600: Tahiti's 32 CUs, 8 K$es).
  const Job job = loadJob(tempJob("reduction_big", R"({"kernel": {"file": ")" + kSource +
                                                       R"(/examples/reduction/reduction.gfx600.hsaco"},
      "grid": [65536], "workgroup": [64],
      "buffers": {"in": {"type": "f32", "count": 65536, "random": {"seed": 3, "min": -1, "max": 1}},
                  "partial": {"type": "f32", "count": 1024}},
      "args": [{"buffer": "in"}, {"buffer": "partial"}, {"local": 256}, {"value": 65536, "type": "u32"}],
      "output": ["partial"]})"));
  CHECK(sameTimingOnAnyThreadCount(job).status.ok());
}

TEST_CASE("threads: timing mode reports the same fault and watchdog on any thread count", "[threads]") {
  const RunOutcome fault = sameTimingOnAnyThreadCount(wgOrderJob(7, false));
  CHECK(fault.status.kind == gcnsim::sim::RunStatus::Fault);
  CHECK_THAT(fault.status.message, Catch::StartsWith("wave 7 (workgroup (7,0,0) wave 0) pc 0x"));
  const RunOutcome watchdog = sameTimingOnAnyThreadCount(wgOrderJob(7, true), 4'000'000);
  CHECK(watchdog.status.kind == gcnsim::sim::RunStatus::Watchdog);
  CHECK_THAT(watchdog.status.message, Catch::Contains("instruction limit reached (--max-instructions)"));
}

TEST_CASE("threads: kernels with global atomics run on one thread, with the same results", "[threads]") {
  for (const char* name : {"dot_atomic", "cmpxchg_loop", "global_atomics"})
    for (const char* arch : {"gfx600", "gfx900"}) {
      INFO(name << " " << arch);
      const Job job = loadJob(kSource + "/tests/kernels/jobs/" + name + "." + arch + ".json");
      const RunOutcome out = sameOnAnyThreadCount(job);
      CHECK_THAT(out.singleThreadReason, Catch::Contains("atomic") && Catch::Contains("` at 0x"));
      CHECK(runOn(job, 4).threads == 1);
      // Timing mode runs every CU in one group then, and says why.
      const RunOutcome timed = runOn(job, 4, uint64_t{1} << 34, "timing");
      CHECK(timed.threads == 1);
      CHECK_THAT(timed.singleThreadReason,
                 Catch::StartsWith("the kernel's results could depend on the order of its workgroups") &&
                     Catch::Contains("atomic"));
    }
}

TEST_CASE("threads: the fault reported is the lowest-index workgroup's, for any thread count", "[threads]") {
  // Workgroup 7 faults after running shorter than workgroups 0-6, so on
  // several threads it faults while lower ones still run.
  const Job job = wgOrderJob(7, false);
  const RunOutcome one = runOn(job, 1);
  REQUIRE(one.status.kind == gcnsim::sim::RunStatus::Fault);
  CHECK_THAT(one.status.message, Catch::StartsWith("wave 7 (workgroup (7,0,0) wave 0) pc 0x") &&
                                     Catch::Contains("s_load_dword s7, s[8:9], 0x0") &&
                                     Catch::Contains("0x10"));
  for (unsigned threads : {2u, 4u}) {
    const RunOutcome n = runOn(job, threads);
    CHECK(n.status.kind == one.status.kind);
    CHECK(n.status.message == one.status.message);
  }
}

TEST_CASE("threads: the watchdog message is the same for any thread count", "[threads]") {
  // Workgroup k runs 11 + 3 * 1000 * (40 - k) instructions (wg_order.gfx900.s).
  auto instructionsOf = [](uint64_t k) { return 11 + 3000 * (40 - k); };
  SECTION("a workgroup that never ends uses up its own budget") {
    const Job job = wgOrderJob(7, true);
    const RunOutcome one = runOn(job, 1, 4'000'000);
    REQUIRE(one.status.kind == gcnsim::sim::RunStatus::Watchdog);
    CHECK_THAT(one.status.message, Catch::StartsWith("wave 7 (workgroup (7,0,0) wave 0) pc 0x") &&
                                       // spin: at 0x64 of wg_order.gfx900.s (the byte sizes of the
                                       // instructions before it), branching to itself.
                                       Catch::Contains("(entry+0x64) `s_branch 65535 <entry+0x64>`") &&
                                       Catch::EndsWith("instruction limit reached (--max-instructions)"));
    for (unsigned threads : {2u, 4u})
      CHECK(runOn(job, threads, 4'000'000).status.message == one.status.message);
  }
  SECTION("workgroups that end but together exceed the budget") {
    const Job job = wgOrderJob(99, false);  // no odd workgroup
    uint64_t sum = 0, w = 0;
    while ((sum += instructionsOf(w)) <= 1'000'000) ++w;
    const std::string expected = "workgroup (" + std::to_string(w) +
                                 ",0,0): instruction limit reached (--max-instructions): workgroups 0 to " +
                                 std::to_string(w) + " ran " + std::to_string(sum) + " wave-instructions";
    for (unsigned threads : {1u, 2u, 4u}) {
      const RunOutcome n = runOn(job, threads, 1'000'000);
      CHECK(n.status.kind == gcnsim::sim::RunStatus::Watchdog);
      CHECK(n.status.message == expected);
    }
    // Within budget, every workgroup stores its loop count.
    const RunOutcome ok = sameOnAnyThreadCount(job);
    for (uint32_t k = 0; k < 40; ++k) {
      uint32_t v = 0;
      std::memcpy(&v, ok.doc.buffers.at(0).bytes.data() + 4 * k, 4);
      CHECK(v == 1000 * (40 - k));
    }
  }
}
