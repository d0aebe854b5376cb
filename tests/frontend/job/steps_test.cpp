// Multi-step jobs (README "Steps"): host loops of dispatches on one device,
// through runJob and the CLI, checked against the same loops computed on the
// CPU; per-step results; one-line errors for bad steps.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/result.hpp"
#include "tests/common/gcnsim_process.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim;
using namespace gcnsim::frontend;

namespace {

const std::string kCode = std::string(GCNSIM_SOURCE_DIR) + "/examples/device/iterate.gfx900.hsaco";
constexpr int kN = 256;

std::filesystem::path writeJob(const std::string& name, const std::string& text) {
  return gcnsim::test::writeText(gcnsim::test::scratchDir("steps_test") / name, text);
}

// A job of iterate.cl's kernels over a (i32 0, 1, ...), b (i32 zeros) and flag (u32 0).
std::string job(const std::string& steps, const std::string& output = R"(["a", "flag"])") {
  return R"({"kernels": {"add": {"file": ")" + kCode + R"(", "name": "add_step"},
                         "below": {"file": ")" +
         kCode + R"(", "name": "any_below"},
                         "smooth": {"file": ")" +
         kCode + R"(", "name": "smooth"}},
             "buffers": {"a": {"type": "i32", "count": 256, "iota": {}}, "b": {"type": "i32", "count": 256},
                         "flag": {"type": "u32", "count": 1}},
             "steps": )" +
         steps + R"(, "output": )" + output + "}";
}

const std::string kAdd = R"({"dispatch": "add", "grid": [256], "workgroup": [64],
    "args": [{"buffer": "a"}, {"value": 1, "type": "i32", "iteration": true}, {"value": 256, "type": "u32"}]})";
const std::string kBelow = R"({"dispatch": "below", "grid": [256], "workgroup": [64],
    "args": [{"buffer": "a"}, {"value": 100, "type": "i32"}, {"buffer": "flag"}, {"value": 256, "type": "u32"}]})";
const std::string kAdd5 = R"({"dispatch": "add", "grid": [256], "workgroup": [64],
    "args": [{"buffer": "a"}, {"value": 5, "type": "i32"}, {"value": 256, "type": "u32"}]})";
std::string smooth(const char* in, const char* out) {
  return std::string(R"({"dispatch": "smooth", "grid": [256], "workgroup": [64], "args": [{"buffer": ")") +
         in + R"("}, {"buffer": ")" + out + R"("}, {"value": 256, "type": "u32"}]})";
}
// a += 1..10; a += 5 until no element was below 100 before the pass; two ping-pong pairs of sweeps.
const std::string kSteps =
    "[{\"repeat\": {\"count\": 10, \"steps\": [" + kAdd +
    "]}}, {\"repeat\": {\"until\": {\"buffer\": \"flag\", \"index\": 0, \"equals\": 0}, "
    "\"max\": 100, \"steps\": [{\"set\": {\"buffer\": \"flag\", \"index\": 0, \"value\": 0}}, " +
    kBelow + ", " + kAdd5 + "]}}, {\"repeat\": {\"count\": 2, \"steps\": [" + smooth("a", "b") + ", " +
    smooth("b", "a") + "]}}]";

// The same loops on the CPU.
std::vector<int32_t> expectedA() {
  std::vector<int32_t> a(kN), b(kN);
  for (int i = 0; i < kN; ++i) a[i] = i;
  for (int it = 0; it < 10; ++it)
    for (int32_t& x : a) x += 1 + it;
  for (bool below = true; below;) {
    below = false;
    for (int32_t x : a) below |= x < 100;
    for (int32_t& x : a) x += 5;
  }
  auto sweep = [](const std::vector<int32_t>& in, std::vector<int32_t>& out) {
    for (int i = 0; i < kN; ++i)
      out[i] = i == 0 || i == kN - 1 ? in[i] : (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
  };
  for (int it = 0; it < 2; ++it) sweep(a, b), sweep(b, a);
  return a;
}

std::vector<int32_t> bufferOf(const ResultDoc& doc, const std::string& name) {
  for (const ResultBuffer& b : doc.buffers)
    if (b.name == name) {
      std::vector<int32_t> v(b.bytes.size() / 4);
      std::memcpy(v.data(), b.bytes.data(), b.bytes.size());
      return v;
    }
  FAIL("no buffer " << name);
  return {};
}

RunOutcome run(const std::string& text, const std::string& mode) {
  RunOptions opt;
  opt.mode = mode;
  opt.threads = 2;
  return runJob(loadJob(writeJob("job.json", text)), opt);
}

std::string errorOf(const std::string& text) {
  try {
    loadJob(writeJob("bad.json", text));
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("steps: repeat with an iteration argument, until on a flag, ping-pong: the CPU's result",
          "[steps]") {
  const std::vector<int32_t> want = expectedA();
  for (const char* mode : {"functional", "timing"}) {
    INFO(mode);
    const RunOutcome out = run(job(kSteps), mode);
    REQUIRE(out.status.ok());
    CHECK(bufferOf(out.doc, "a") == want);
    CHECK(bufferOf(out.doc, "flag") == std::vector<int32_t>{0});
    const auto doc = nlohmann::json::parse(resultJsonText(out.doc));
    // 10 adds, 10 passes of (below, add), 2 x 2 sweeps: the until-loop stops
    // after the pass whose check found no element below 100 (55 + 5 * 9 = 100).
    const auto& steps = doc.at("steps");
    REQUIRE(steps.size() == 34);
    CHECK(steps[3].at("step") == "steps[0].repeat[3].steps[0]");
    CHECK(steps[3].at("kernel") == "add");
    CHECK(steps[10].at("step") == "steps[1].repeat[0].steps[1]");
    CHECK(steps[10].at("kernel") == "below");
    CHECK(steps[29].at("step") == "steps[1].repeat[9].steps[2]");
    CHECK(steps[33].at("step") == "steps[2].repeat[1].steps[1]");
    CHECK(steps[33].at("kernel") == "smooth");
    uint64_t cycles = 0, instructions = 0;
    for (const auto& s : steps) {
      CHECK(s.at("status") == "ok");
      cycles += s.at("cycles").get<uint64_t>();
      instructions += s.at("instructions").get<uint64_t>();
      CHECK((std::string(mode) == "timing") == (s.at("cycles").get<uint64_t>() > 0));
    }
    CHECK(doc.at("totals").at("dispatches") == 34);
    CHECK(doc.at("totals").at("cycles") == cycles);
    CHECK(doc.at("totals").at("instructions") == instructions);
    CHECK(doc.at("stats").at("instructions") == instructions);
    CHECK(doc.at("stats").at("cycles") == cycles);
    CHECK(doc.at("stats").at("workgroups") == 34 * 4);
  }
}

TEST_CASE("steps: fill, set and copy between dispatches", "[steps]") {
  // a = 0, 1, ...; a[2..4] = 7; a[10] = -3; b = a; b += 1.
  const std::string steps = R"([{"fill": {"buffer": "a", "value": 7, "from": 2, "count": 3}},
      {"set": {"buffer": "a", "index": 10, "value": -3}}, {"copy": {"from": "a", "to": "b"}},
      {"dispatch": "add", "grid": [256], "workgroup": [64],
       "args": [{"buffer": "b"}, {"value": 1, "type": "i32"}, {"value": 256, "type": "u32"}]}])";
  const RunOutcome out = run(job(steps, R"(["a", "b"])"), "functional");
  REQUIRE(out.status.ok());
  std::vector<int32_t> a(kN);
  for (int i = 0; i < kN; ++i) a[i] = i;
  a[2] = a[3] = a[4] = 7;
  a[10] = -3;
  std::vector<int32_t> b = a;
  for (int32_t& x : b) x += 1;
  CHECK(bufferOf(out.doc, "a") == a);
  CHECK(bufferOf(out.doc, "b") == b);
}

TEST_CASE("steps: an until-repeat that reaches max stops the job with status watchdog", "[steps]") {
  // flag is set to 1 and never cleared: the condition flag == 0 is never met.
  const std::string steps = R"([{"repeat": {"until": {"buffer": "flag", "equals": 0}, "max": 3, "steps": [
      {"set": {"buffer": "flag", "index": 0, "value": 1}}, )" +
                            kAdd5 + R"(]}}])";
  const RunOutcome out = run(job(steps), "functional");
  CHECK(out.status.kind == sim::RunStatus::Watchdog);
  CHECK(out.status.message ==
        "steps[0].repeat: until flag[0] equals its value: not reached in 3 passes (max)");
  CHECK(out.doc.status == "watchdog");
  std::vector<int32_t> a(kN);
  for (int i = 0; i < kN; ++i) a[i] = i + 15;  // three passes ran
  CHECK(bufferOf(out.doc, "a") == a);

  const auto path = writeJob("max.json", job(steps));
  const auto cli = test::runGcnsim("run " + path.string() + " -q --mode functional");
  CHECK(cli.status == 3);
  CHECK_THAT(cli.err, Catch::Contains("gcnsim: watchdog: steps[0].repeat: until flag[0]"));
}

TEST_CASE("steps: bad steps get one line naming the step", "[steps]") {
  const std::string file = (std::filesystem::temp_directory_path() /
                            ("gcnsim_steps_test_" + std::to_string(::getpid())) / "bad.json")
                               .string();
  CHECK(errorOf(job(R"([{"dispatch": "mul", "grid": [4], "workgroup": [4], "args": []}])")) ==
        file + ": steps[0].dispatch: no kernel \"mul\" (kernels: add, below, smooth)");
  CHECK(errorOf(job(R"([{"repeat": {"steps": []}}])")) ==
        file + ": steps[0].repeat: needs count, or until with max");
  CHECK(errorOf(job(R"([)" + kAdd5 +
                    R"(, {"repeat": {"until": {"buffer": "flag", "equals": 0}, "steps": []}}])")) ==
        file + ": steps[1].repeat: needs count, or until with max");
  CHECK(errorOf(job(R"([{"repeat": {"until": {"buffer": "flg", "equals": 0}, "max": 2, "steps": []}}])")) ==
        file + ": steps[0].repeat.until.buffer: no buffer \"flg\" (buffers: a, b, flag)");
  CHECK(
      errorOf(job(
          R"([{"repeat": {"until": {"buffer": "flag", "index": 1, "equals": 0}, "max": 2, "steps": []}}])")) ==
      file + ": steps[0].repeat.until.index: 1 is out of range (buffer \"flag\" has 1 elements)");
  CHECK(errorOf(job(R"([{"repeat": {"count": 2, "steps": [{"copy": {"from": "a", "to": "c"}}]}}])")) ==
        file + ": steps[0].repeat.steps[0].copy.to: no buffer \"c\" (buffers: a, b, flag)");
  CHECK(errorOf(job(R"([{"dispatch": "add", "grid": [4], "workgroup": [4], "args": [{"buffer": "x"}]}])")) ==
        file + ": steps[0].args[0].buffer: no buffer \"x\"");
  CHECK(errorOf(job(R"([{"dispatch": "add", "grid": [4], "workgroup": [4], "args": [{"buffer": "a"}]}])")) ==
        file +
            ": steps[0]: args: kernel add_step takes 3 arguments [(int*, global_buffer, 8 bytes), "
            "(int, by_value, 4 bytes), (uint, by_value, 4 bytes)], the step gives 1");
  CHECK(errorOf(job(R"([{"dispatch": "add", "grid": [4], "workgroup": [4], "args": [{"buffer": "a"},
        {"value": 1, "type": "f32", "iteration": true}, {"value": 4, "type": "u32"}]}])")) ==
        file + ": steps[0].args[1].iteration: needs an integer type, not f32");
  CHECK(errorOf(job(R"([{"set": {"buffer": "a", "index": 256, "value": 0}}])")) ==
        file + ": steps[0].set.index: 256 is out of range (buffer \"a\" has 256 elements)");
  CHECK(errorOf(job(R"([{"wait": {}}])")) ==
        file + ": steps[0]: unknown step \"wait\" (expected dispatch, repeat, fill, set or copy)");
  CHECK(errorOf(job(R"([{"fill": {"buffer": "a", "value": 0}}])")) ==
        file + ": steps: needs at least one dispatch step");
}

TEST_CASE("steps: the CLI writes per-step results and prints the dispatch count", "[steps]") {
  const auto path = writeJob("cli.json", job(kSteps));
  const auto result = path.parent_path() / "cli_result.json";
  const auto r = test::runGcnsim("run " + path.string() + " -q --threads 2 --result " + result.string());
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("steps         34 dispatches: 136 workgroups, 136 waves"));
  const auto doc = nlohmann::json::parse(std::ifstream(result));
  CHECK(doc.at("steps").size() == 34);
  CHECK(doc.at("totals").at("dispatches") == 34);
  const std::vector<int32_t> want = expectedA();
  CHECK(doc.at("buffers").at("a").at("data").get<std::vector<int32_t>>() == want);
  const auto bad = test::runGcnsim("run " + path.string() + " -q --trace /dev/null");
  CHECK(bad.status == 2);
  CHECK(bad.err == "gcnsim: --trace: not available for a job with steps\n");
}

namespace {

const std::string kMixed =
    std::string(GCNSIM_SOURCE_DIR) + "/tests/kernels/bin/local_args_mixed.gfx900.hsaco";

// iterate.cl's add_step on a, then local_args_mixed (int in, double out, three __local blocks aligned to
// 2, 8 and 4) with the "local" sizes `locals` on work-groups of `workgroup`, in a repeat of 2.
std::string addThenMixed(const std::string& locals, int workgroup = 64) {
  return R"({"kernels": {"add": {"file": ")" + kCode + R"(", "name": "add_step"},
                         "mixed": {"file": ")" +
         kMixed + R"("}},
             "buffers": {"a": {"type": "i32", "count": 256, "iota": {}}, "d": {"type": "f64", "count": 256}},
             "steps": [)" +
         kAdd5 +
         R"(, {"repeat": {"count": 2, "steps": [{"dispatch": "mixed", "grid": [256], "workgroup": [)" +
         std::to_string(workgroup) + R"(], "args": [{"buffer": "a"}, {"buffer": "d"}, )" + locals +
         R"(]}]}}]})";
}

}  // namespace

TEST_CASE("steps: a later step's LDS is checked before anything runs, by run and check", "[steps]") {
  // Worked out by hand: block 1 at 0 (align 2) ends at 1; block 2 starts at 8 (align 8) and ends at
  // 8 + 65528 = 65536; block 3 starts at 65536 (align 4) and ends at 65540 > 65536. The sizes alone add up
  // to 65533, which fits: only the aligned layout, the launch's, is too large.
  const auto path = writeJob("lds.json", addThenMixed(R"({"local": 1}, {"local": 65528}, {"local": 4})"));
  const std::string want =
      path.string() +
      ": steps[1].repeat.steps[0].args[4].local: the kernel's 0 bytes of LDS plus the "
      "\"local\" arguments up to this one, each aligned to its pointee, need 65540 bytes "
      "per work-group (at most 65536)";
  CHECK_THROWS_WITH(loadJob(path), want);
  const auto check = test::runGcnsim("check " + path.string());
  CHECK(check.status == 2);
  CHECK(check.err == "gcnsim: " + want + "\n");
  const auto result = path.parent_path() / "lds_result.json";
  std::filesystem::remove(result);
  const auto run =
      test::runGcnsim("run " + path.string() + " -q --log-level info --result " + result.string());
  CHECK(run.status == 2);
  CHECK_THAT(run.err, Catch::Contains("gcnsim: " + want + "\n"));
  CHECK_THAT(run.err, !Catch::Contains("kernel starts"));  // (step 0 had run)
  CHECK(!std::filesystem::exists(result));
  // 8 bytes less in block 2 fits: it ends at 65528, block 3 (8 bytes) at 65536.
  const auto fits =
      writeJob("lds_fits.json", addThenMixed(R"({"local": 1}, {"local": 65520}, {"local": 8})"));
  CHECK_NOTHROW(loadJob(fits));
}

TEST_CASE("steps: a later step that the GPU config cannot hold stops the job before anything runs",
          "[steps]") {
  const auto path = writeJob("cfg.json", addThenMixed(R"({"local": 128}, {"local": 512}, {"local": 256})"));
  const std::string job = path.string();
  RunOptions opt;
  opt.mode = "timing";
  opt.threads = 2;
  // add_step's descriptor asks for 4 VGPRs a wave, local_args_mixed's for 16 (.vgpr_count 15, in blocks of
  // 4): with 8 a SIMD, step 0 would fit and step 1 not.
  opt.sets = {"cu.vgprs_per_simd=8"};
  CHECK_THROWS_WITH(runJob(loadJob(path), opt),
                    job +
                        ": steps[1].repeat.steps[0]: config vega10: timing model: a wave needs 16 VGPRs, "
                        "more than cu.vgprs_per_simd (8)");
  // A workgroup of 4 waves on a CU of one SIMD with 2 wave slots: the same words as the run itself uses
  // (a single dispatch of the same kernel, which finds it when it places the first workgroup).
  opt.sets = {"cu.simds=1", "cu.wave_slots_per_simd=2"};
  std::string atRun;
  try {
    runJob(loadJob(writeJob("single.json", R"({"kernel": {"file": ")" + kMixed + R"("}, "grid": [256],
        "workgroup": [256], "buffers": {"a": {"type": "i32", "count": 256}, "d": {"type": "f64", "count": 256}},
        "args": [{"buffer": "a"}, {"buffer": "d"}, {"local": 128}, {"local": 512}, {"local": 256}]})")),
           opt);
  } catch (const InputError& e) {
    atRun = e.what();
  }
  CHECK_THAT(atRun, Catch::StartsWith("config vega10: timing model: workgroup 0 (4 waves x 16 VGPRs, "));
  const auto wideJob =
      writeJob("cfg_wide.json", addThenMixed(R"({"local": 128}, {"local": 512}, {"local": 256})", 256));
  CHECK_THROWS_WITH(runJob(loadJob(wideJob), opt), wideJob.string() + ": steps[1].repeat.steps[0]: " + atRun);
  // The CLI: exit 2, one line, nothing ran, no result written.
  const auto result = path.parent_path() / "cfg_result.json";
  std::filesystem::remove(result);
  const auto run = test::runGcnsim("run " + job + " --log-level info --set cu.vgprs_per_simd=8 --result " +
                                   result.string());
  CHECK(run.status == 2);
  CHECK_THAT(run.err, Catch::Contains("gcnsim: " + job + ": steps[1].repeat.steps[0]: config vega10: "));
  CHECK_THAT(run.err, !Catch::Contains("kernel starts"));
  CHECK(!std::filesystem::exists(result));
  // Functional mode has no GPU config to fit: the same job runs.
  opt.mode = "functional";
  opt.sets.clear();
  CHECK(runJob(loadJob(path), opt).status.ok());
}

TEST_CASE("steps: an iteration argument must stay in its type's range and lie inside a repeat", "[steps]") {
  const std::string file = (std::filesystem::temp_directory_path() /
                            ("gcnsim_steps_test_" + std::to_string(::getpid())) / "bad.json")
                               .string();
  auto addInRepeat = [](uint64_t count, const std::string& value) {
    return job(R"([{"repeat": {"count": )" + std::to_string(count) +
               R"(, "steps": [{"dispatch": "add", "grid": [256], "workgroup": [64], "args": [{"buffer": "a"},
               )" +
               value + R"(, {"value": 256, "type": "u32"}]}]}}])");
  };
  // i32 2147483645 + 0, 1, 2 fits in 3 passes; the 4th would be 2147483648 (it had wrapped to INT32_MIN).
  CHECK_NOTHROW(loadJob(writeJob("ok.json", addInRepeat(3, R"({"value": 2147483645, "iteration": true})"))));
  CHECK(
      errorOf(addInRepeat(4, R"({"value": 2147483645, "iteration": true})")) ==
      file +
          ": steps[0].repeat.steps[0].args[1].iteration: 2147483645 + 3 (the last of 4 passes) = 2147483648 "
          "is out of range for i32 (at most 2147483647)");
  // A negative start counts up through zero: -2, -1, 0, 1.
  CHECK_NOTHROW(loadJob(writeJob("neg.json", addInRepeat(4, R"({"value": -2, "iteration": true})"))));
  // An until repeat's max bounds its passes.
  CHECK(
      errorOf(job(R"([{"repeat": {"until": {"buffer": "flag", "equals": 0}, "max": 3, "steps": [
          {"dispatch": "add", "grid": [256], "workgroup": [64], "args": [{"buffer": "a"},
           {"value": 2147483646, "iteration": true}, {"value": 256, "type": "u32"}]}]}}])")) ==
      file +
          ": steps[0].repeat.steps[0].args[1].iteration: 2147483646 + 2 (the last of 3 passes) = 2147483648 "
          "is out of range for i32 (at most 2147483647)");
  // Outside any repeat there is no iteration index to add.
  CHECK(errorOf(job(R"([{"dispatch": "add", "grid": [256], "workgroup": [64], "args": [{"buffer": "a"},
        {"value": 1, "iteration": true}, {"value": 256, "type": "u32"}]}])")) ==
        file +
            ": steps[0].args[1].iteration: outside any repeat (it adds the innermost enclosing repeat's "
            "iteration index)");
  CHECK_NOTHROW(loadJob(writeJob("false.json", job(R"([{"dispatch": "add", "grid": [256], "workgroup": [64],
        "args": [{"buffer": "a"}, {"value": 1, "iteration": false}, {"value": 256, "type": "u32"}]}])"))));
}
