// End to end: every example job (examples/*/*.json) gives byte-identical
// result memory in --mode timing and --mode functional, timing runs are
// deterministic, and the four chip configs (configs/*.json) parse and equal
// the built-in defaults. Plus the hidden timing-mode speed benchmark.
#include <spdlog/spdlog.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "frontend/config_loader.hpp"
#include "frontend/error.hpp"
#include "frontend/run_cmd.hpp"
#include "tests/sim/timing_harness.hpp"

using namespace gcnsim;
namespace fs = std::filesystem;

namespace {
std::vector<fs::path> exampleJobs() {
  std::vector<fs::path> out;
  for (const auto& dir : fs::directory_iterator(fs::path(GCNSIM_SOURCE_DIR) / "examples"))
    if (dir.is_directory())
      for (const auto& f : fs::directory_iterator(dir.path()))
        if (f.path().extension() == ".json") out.push_back(f.path());
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST_CASE("examples: timing and functional modes give identical memory", "[sim][timing][examples]") {
  spdlog::set_level(spdlog::level::warn);
  const auto jobs = exampleJobs();
  REQUIRE(!jobs.empty());
  for (const fs::path& p : jobs) {
    CAPTURE(p.string());
    const frontend::Job job = frontend::loadJob(p);
    frontend::RunOptions f, t;
    f.mode = "functional";
    t.mode = "timing";
    const auto rf = frontend::runJob(job, f);
    const auto rt = frontend::runJob(job, t);
    REQUIRE(rf.status.ok());
    REQUIRE(rt.status.ok());
    CHECK(rt.cycles > 0);
    CHECK(rt.doc.stats.cycles == rt.cycles);
    CHECK(rt.doc.stats.instructions == rf.doc.stats.instructions);
    REQUIRE(rf.doc.buffers.size() == rt.doc.buffers.size());
    for (size_t i = 0; i < rf.doc.buffers.size(); ++i) CHECK(rf.doc.buffers[i].bytes == rt.doc.buffers[i].bytes);
    CHECK(frontend::runJob(job, t).cycles == rt.cycles);  // deterministic
  }
}

TEST_CASE("configs: the four chip files parse and equal the built-in defaults", "[sim][timing][config]") {
  const std::pair<const char*, isa::Gen> chips[] = {{"tahiti", isa::Gen::GCN10},
                                                    {"hawaii", isa::Gen::GCN11},
                                                    {"fiji", isa::Gen::GCN12},
                                                    {"vega10", isa::Gen::GCN14}};
  for (const auto& [name, gen] : chips) {
    CAPTURE(name);
    const auto cfg = frontend::loadGpuConfig(fs::path(GCNSIM_SOURCE_DIR) / "configs" / (std::string(name) + ".json"));
    CHECK(cfg.name == name);
    CHECK(cfg == sim::timing::defaultConfig(gen));
    CHECK(cfg.validate().empty());
  }
}

TEST_CASE("configs: errors name the file and the field", "[sim][timing][config]") {
  using nlohmann::json;
  CHECK_THROWS_WITH(frontend::parseGpuConfig(json{{"kcache", {{"hit_latncy", 3}}}}, "x.json"),
                    Catch::Contains("x.json: kcache.hit_latncy: unknown field"));
  CHECK_THROWS_WITH(frontend::parseGpuConfig(json{{"lds", {{"latency", -1}}}}, "x.json"),
                    Catch::Contains("x.json: lds.latency"));
  CHECK_THROWS_WITH(frontend::parseGpuConfig(json{{"l1", {{"line_bytes", {{"value", 48}}}}}}, "x.json"),
                    Catch::Contains("l1: line_bytes"));
  CHECK_THROWS_WITH(frontend::parseGpuConfig(json{{"gpu", {{"cus", 0}}}}, "x.json"), Catch::Contains("cus"));
  const auto c = frontend::parseGpuConfig(json{{"arch", "gfx803"}, {"issue", {{"smem_lgkm_multi", 1}}}}, "x.json");
  CHECK(c.issue.smemLgkmMulti == 1);
  CHECK(c.cu.sgprsPerSimd == sim::timing::defaultConfig(isa::Gen::GCN12).cu.sgprsPerSimd);
  CHECK(frontend::gpuConfigFields().size() > 50);
}

TEST_CASE("benchmark: timing-mode speed vs functional", "[.benchmark]") {
  using clock = std::chrono::steady_clock;
  const unsigned waves = 8;
  auto prep = [](test::WaveHarness& h) {
    h.wave.sreg[10] = 20000;
  };
  test::WaveHarness hf(isa::Gen::GCN14);
  prep(hf);
  const auto code = test::loadProgram("timing_bench", hf.gen);
  auto t0 = clock::now();
  REQUIRE(hf.runWorkgroup(code, waves, uint64_t{1} << 32).ok());
  const double fs_ = std::chrono::duration<double>(clock::now() - t0).count();
  uint64_t instr = 0;
  for (const auto& w : hf.waves) instr += w.instructionsExecuted;

  test::WaveHarness ht(isa::Gen::GCN14);
  prep(ht);
  t0 = clock::now();
  sim::timing::GpuConfig cfg;
  const auto r = [&] {
    const uint64_t codeBase = ht.mem.allocate(code.size() * 4 + 64, 256, "code");
    ht.mem.write(codeBase, code.data(), code.size() * 4);
    sim::CodeCache c(ht.gen, ht.mem, codeBase, code.size() * 4);
    std::vector<sim::WaveState> ws(waves, ht.wave);
    for (unsigned i = 0; i < waves; ++i) {
      ws[i].pc = codeBase;
      ws[i].waveId = i;
      for (unsigned l = 0; l < sim::kWaveSize; ++l) ws[i].v(0)[l] = i * sim::kWaveSize + l;
    }
    sim::timing::TimingOptions opt;
    sim::timing::TimingStats st;
    const auto s = sim::timing::runWorkgroupTiming(c, ht.env, cfg, ws, opt, st);
    return std::make_pair(s, st);
  }();
  const double ts = std::chrono::duration<double>(clock::now() - t0).count();
  REQUIRE(r.first.ok());
  REQUIRE(r.second.instructions == instr);
  std::printf("benchmark: %llu wave-instructions: functional %.1f M/s, timing %.1f M/s (%.2fx), %llu cycles\n",
              static_cast<unsigned long long>(instr), instr / fs_ / 1e6, instr / ts / 1e6, fs_ / ts,
              static_cast<unsigned long long>(r.second.cycles));
  CHECK(ts <= 3 * fs_);  // target: at least 1/3 of functional speed
}
