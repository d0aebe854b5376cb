// gcnsim run through the real binary: stopping (SIGINT/SIGTERM, watchdogs)
// with valid traces and partial results, clean stdout, --version, --config
// chip names and --set, output paths checked before the run (README "Run
// control").
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "frontend/cli/progress_line.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "tests/common/test_files.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace {

const std::string kData = std::string(GCNSIM_TEST_DATA) + "/frontend/data/";
const std::string kVectorAdd = std::string(GCNSIM_SOURCE_DIR) + "/examples/vector_add/vector_add.gfx900.json";

struct Run {
  int status = -1;  // exit status, or 128 + signal
  std::string out, err;
  double seconds = 0;
};

fs::path tempDir() { return gcnsim::test::scratchDir("run_control"); }

// Whether process `pid` has a handler for `sig` (the SigCgt mask of /proc/PID/status), or has exited.
bool catchesOrExited(pid_t pid, int sig) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("State:", 0) == 0 && line.find('Z') != std::string::npos) return true;  // a zombie
    if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1;
  }
  return true;  // (no status: gone)
}

// Starts gcnsim with `args`, stdout and stderr to files; `signalAfter`
// seconds (if > 0) after it has installed its handler for `sig`, sends `sig`;
// waits for the exit. (Counted from the start, a signal had come before the
// handler when a loaded machine slowed the start-up: no message, no result.)
Run runGcnsim(const std::vector<std::string>& args, double signalAfter = 0, int sig = SIGINT) {
  const fs::path dir = tempDir(), out = dir / "stdout", err = dir / "stderr";
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> argv{GCNSIM_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, GCNSIM_BINARY, &fa, nullptr, cargv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&fa);
  if (signalAfter > 0) {
    for (int i = 0; i < 6000 && !catchesOrExited(pid, sig); ++i)  // (60 s at most)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::duration<double>(signalAfter));
    ::kill(pid, sig);
  }
  int st = 0;
  REQUIRE(::waitpid(pid, &st, 0) == pid);
  Run r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = gcnsim::test::readText(out);
  r.err = gcnsim::test::readText(err);
  return r;
}

nlohmann::json parseJson(const std::string& text) { return nlohmann::json::parse(text); }

}  // namespace

TEST_CASE("run: SIGINT stops a timing run cleanly: exit 130, valid chrome trace, partial result",
          "[cli][run]") {
  const fs::path dir = tempDir(), trace = dir / "int.trace.json", result = dir / "int.result.json";
  // spin.gfx900 never ends; the default watchdog would take minutes.
  const Run r = runGcnsim({"run", kData + "spin.gfx900.json", "--trace", trace.string(), "--trace-format",
                           "chrome", "--trace-cycles", "0:20000", "--result", result.string()},
                          1.5, SIGINT);
  INFO(r.err);
  CHECK(r.status == 130);
  CHECK_THAT(r.err, Catch::Contains("gcnsim: interrupted: wave 0"));
  const nlohmann::json t =
      parseJson(gcnsim::test::readText(trace));  // throws (fails) if the trace was cut short
  CHECK(t.at("traceEvents").size() > 100);
  const nlohmann::json doc = parseJson(gcnsim::test::readText(result));
  CHECK(doc.at("status") == "interrupted");
  CHECK(doc.at("stats").at("instructions").get<uint64_t>() > 0);
  CHECK(doc.at("stats").at("cycles").get<uint64_t>() > 20000);
  CHECK(doc.at("buffers").contains("out"));
}

TEST_CASE("run: SIGTERM stops a functional run: exit 143, result marked interrupted", "[cli][run]") {
  const fs::path result = tempDir() / "term.result.json";
  const Run r = runGcnsim(
      {"run", kData + "spin.gfx900.json", "--mode", "functional", "--result", result.string()}, 1.0, SIGTERM);
  INFO(r.err);
  CHECK(r.status == 143);
  CHECK(parseJson(gcnsim::test::readText(result)).at("status") == "interrupted");
}

TEST_CASE("run: the default watchdog stops a workgroup spinning on another in functional mode",
          "[cli][run]") {
  // Workgroup 0 waits for a flag workgroup 1 sets; functional mode runs them
  // one after another, so it would spin forever (wait_flag.gfx900.s).
  const fs::path result = tempDir() / "wd.result.json";
  const Run r = runGcnsim(
      {"run", kData + "wait_flag.gfx900.json", "--mode", "functional", "--result", result.string()});
  INFO(r.err);
  CHECK(r.status == 3);
  CHECK_THAT(r.err, Catch::Contains("gcnsim: watchdog: wave 0 (workgroup (0,0,0) wave 0)") &&
                        Catch::Contains("no progress"));
  const nlohmann::json doc = parseJson(gcnsim::test::readText(result));
  CHECK(doc.at("status") == "watchdog");
  CHECK_THAT(doc.at("message").get<std::string>(), Catch::Contains("no progress"));
  CHECK(doc.at("buffers").at("flag").at("data") == nlohmann::json::array({0}));
  // Both workgroups resident at once (timing mode): the flag is set and the kernel ends.
  const fs::path ok = tempDir() / "wd_timing.result.json";
  const Run t = runGcnsim({"run", kData + "wait_flag.gfx900.json", "--result", ok.string()});
  CHECK(t.status == 0);
  CHECK(parseJson(gcnsim::test::readText(ok)).at("buffers").at("flag").at("data") ==
        nlohmann::json::array({1}));
}

TEST_CASE("run: a loop that counts (its state never repeats) is left to the instruction budget",
          "[cli][run]") {
  // spin.gfx900 adds 1 to s2 forever: it runs far past the no-progress
  // detector's threshold (2^24) without tripping it.
  const Run r = runGcnsim(
      {"run", kData + "spin.gfx900.json", "--mode", "functional", "--max-instructions", "60000000"});
  CHECK(r.status == 3);
  CHECK_THAT(r.err, Catch::Contains("instruction limit reached") && !Catch::Contains("no progress"));
}

TEST_CASE("run: --trace - --trace-format chrome: stdout is the trace alone", "[cli][run]") {
  const Run r = runGcnsim({"run", kVectorAdd, "--trace", "-", "--trace-format", "chrome", "-v"});
  CHECK(r.status == 0);
  const nlohmann::json t = parseJson(r.out);
  CHECK(t.at("otherData").at("config") == "vega10");
  CHECK(t.at("otherData").at("gcnsim_version") == GCNSIM_VERSION);
  CHECK(t.at("otherData").at("config_detail").at("values").at("gpu").at("cus") == 64);
  // The summary and the logs went to stderr.
  CHECK_THAT(r.err, Catch::Contains("kernel        vector_add") && Catch::Contains("[info] job loaded"));
  const Run json = runGcnsim({"run", kVectorAdd, "--result", "-"});
  CHECK(parseJson(json.out).at("status") == "ok");
  // jsonl: the first line is the header, with the same records; every line parses.
  const Run jsonl =
      runGcnsim({"run", kVectorAdd, "--trace", "-", "--trace-format", "jsonl", "--set", "cus=8"});
  CHECK(jsonl.status == 0);
  std::istringstream lines(jsonl.out);
  std::string first, line;
  std::getline(lines, first);
  const nlohmann::json h = parseJson(first);
  CHECK(h.at("ev") == "header");
  CHECK(h.at("gcnsim_version") == GCNSIM_VERSION);
  CHECK(h.at("kernel") == "vector_add");
  CHECK(h.at("config_detail").at("overrides") == nlohmann::json{{"gpu.cus", 8}});
  CHECK(h.at("config_detail").at("values").at("gpu").at("cus") == 8);
  size_t n = 0;
  while (std::getline(lines, line)) n += parseJson(line).contains("ev");
  CHECK(n > 10);
}

TEST_CASE("run: --version, and the version in result documents", "[cli][run]") {
  const Run v = runGcnsim({"--version"});
  CHECK(v.status == 0);
  CHECK(v.out == std::string("gcnsim ") + GCNSIM_VERSION + "\n");
  const fs::path result = tempDir() / "v.result.json";
  CHECK(runGcnsim({"run", kVectorAdd, "--mode", "functional", "--result", result.string()}).status == 0);
  const nlohmann::json doc = parseJson(gcnsim::test::readText(result));
  CHECK(doc.at("gcnsim_version") == GCNSIM_VERSION);
  CHECK(doc.at("status") == "ok");
}

TEST_CASE("run: --config takes a chip name, the result records the config and its values", "[cli][run]") {
  const fs::path result = tempDir() / "fiji.result.json";
  const Run r = runGcnsim({"run", kVectorAdd, "--config", "fiji", "--result", result.string()});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("mode          timing (config fiji)"));
  CHECK_THAT(r.err, Catch::Contains("config fiji is for GCN 1.2, the kernel for GCN 1.4"));
  const nlohmann::json doc = parseJson(gcnsim::test::readText(result));
  CHECK(doc.at("config").at("name") == "fiji");
  CHECK(doc.at("config").at("source") == "built-in");
  // The built-in chip is the bundled configs/fiji.json: every value it gives.
  const nlohmann::json file =
      parseJson(gcnsim::test::readText(std::string(GCNSIM_SOURCE_DIR) + "/configs/fiji.json"));
  int compared = 0;
  for (const auto& [section, fields] : file.items()) {
    if (!fields.is_object()) continue;
    for (const auto& [name, v] : fields.items()) {
      INFO(section << "." << name);
      CHECK(doc.at("config").at("values").at(section).at(name) == (v.is_object() ? v.at("value") : v));
      ++compared;
    }
  }
  CHECK(compared > 10);
  // A file: its own name, and the file as the source.
  const fs::path small = tempDir() / "small.json";
  std::ofstream(small) << R"({"name": "small", "arch": "gfx900", "gpu": {"cus": 2}})";
  const fs::path r2 = tempDir() / "small.result.json";
  const Run f = runGcnsim({"run", kVectorAdd, "--config", small.string(), "--result", r2.string()});
  CHECK_THAT(f.out, Catch::Contains("(config small)"));
  CHECK(parseJson(gcnsim::test::readText(r2)).at("config").at("source") == small.string());
  const Run bad = runGcnsim({"run", kVectorAdd, "--config", "fury"});
  CHECK(bad.status == 2);
  CHECK(bad.err ==
        "gcnsim: --config fury: not a chip name (tahiti, hawaii, fiji, vega10, vega20) or a config file\n");
  // --help lists the same names (it had left vega20 out). Boost wraps the text: compare it unwrapped.
  std::istringstream help(runGcnsim({"run", "--help"}).out);
  std::string words;
  for (std::string w; help >> w;) words += w + " ";
  CHECK_THAT(words, Catch::Contains("a chip name (tahiti, hawaii, fiji, vega10, vega20) or a file"));
}

TEST_CASE("run: --set overrides config values, recorded in the result", "[cli][run]") {
  const fs::path base = tempDir() / "set0.json", one = tempDir() / "set1.json";
  REQUIRE(runGcnsim({"run", kVectorAdd, "--result", base.string()}).status == 0);
  const Run r = runGcnsim(
      {"run", kVectorAdd, "--set", "cus=1", "--set", "l1.hit_latency=200", "--result", one.string()});
  REQUIRE(r.status == 0);
  const nlohmann::json a = parseJson(gcnsim::test::readText(base)),
                       b = parseJson(gcnsim::test::readText(one));
  CHECK(b.at("config").at("overrides") == nlohmann::json{{"gpu.cus", 1}, {"l1.hit_latency", 200}});
  CHECK(b.at("config").at("values").at("gpu").at("cus") == 1);
  CHECK(b.at("config").at("values").at("l1").at("hit_latency") == 200);
  // 16 workgroups on one CU instead of 64 CUs: the same work takes longer.
  CHECK(b.at("stats").at("cycles").get<uint64_t>() > a.at("stats").at("cycles").get<uint64_t>());
  CHECK(b.at("buffers") == a.at("buffers"));
  const Run bad = runGcnsim({"run", kVectorAdd, "--set", "gpu.cuz=4"});
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("gcnsim: --set gpu.cuz: unknown config key"));
  CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
  const Run range = runGcnsim({"run", kVectorAdd, "--set", "gpu.cus=999"});
  CHECK(range.status == 2);
  CHECK(range.err == "gcnsim: config vega10 with --set: gpu.cus: 999 is out of range (1 to 256)\n");
}

TEST_CASE("run: a bad output path fails before the simulation, in one line", "[cli][run]") {
  // spin.gfx900 never ends: only a check before the run can return at once.
  const std::string spin = kData + "spin.gfx900.json";
  const Run r = runGcnsim({"run", spin, "--result", "/nonexistent-dir/r.json"});
  CHECK(r.status == 2);
  CHECK(r.err == "gcnsim: --result /nonexistent-dir/r.json: directory \"/nonexistent-dir\" does not exist\n");
  CHECK(r.seconds < 10);
  const Run t = runGcnsim({"run", spin, "--trace", tempDir().string()});
  CHECK(t.status == 2);
  CHECK_THAT(t.err, Catch::StartsWith("gcnsim: --trace ") && Catch::Contains("is a directory"));
  const fs::path file = tempDir() / "plain_file";
  std::ofstream(file) << "x";
  const Run o = runGcnsim({"run", spin, "--out", (file / "sub").string()});
  CHECK(o.status == 2);
  CHECK_THAT(o.err, Catch::StartsWith("gcnsim: --out ") && Catch::Contains("is not a directory"));
}

TEST_CASE("run: option mistakes are one line naming the option, internal options are hidden", "[cli][run]") {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"run", "a.json", "b.json"},
       "gcnsim: run: too many arguments: it takes one file; options start with -- "
       "(see gcnsim run --help)\n"},
      {{"run", "a.json", "--mode"}, "gcnsim: --mode: missing value (see gcnsim run --help)\n"},
      {{"run", "a.json", "--max-cycles", "many"},
       "gcnsim: --max-cycles: \"many\" is not a valid value (see gcnsim run --help)\n"},
      {{"run", "a.json", "--frobnicate"}, "gcnsim: --frobnicate: unknown option (see gcnsim run --help)\n"},
      {{"run", "a.json", "--report-format", "json"}, "gcnsim: --report-format: needs --report\n"},
      {{"run", "a.json", "--log-level", "bogus"},
       "gcnsim: --log-level: \"bogus\" is not a level (expected trace, debug, info, warn or error)\n"},
      {{"info", "a", "b"},
       "gcnsim: info: too many arguments: it takes one file; options start with -- "
       "(see gcnsim info --help)\n"},
  };
  for (const auto& [args, message] : cases) {
    const Run r = runGcnsim(args);
    CHECK(r.status == 2);
    CHECK(r.err == message);
  }
  // Unsigned values are decimal digits within the type: Boost had read "-5" into --max-cycles as 2^64 - 5
  // (a watchdog that never fired) and "-18446744073709551615" into --max-buffer-bytes as 1, silently.
  const std::array<std::string, 4> invalid[] = {
      {"run", "a.json", "--max-cycles", "-5"},
      {"run", "a.json", "--max-instructions", "-1"},
      {"run", "a.json", "--max-cycles", "+5"},
      {"run", "a.json", "--max-cycles", "18446744073709551616"},  // 2^64
      {"run", "a.json", "--max-cycles", ""},
      {"run", "a.json", "--max-buffer-bytes", "-18446744073709551615"},
      {"info", "a", "--max-file-bytes", "-1"},
      {"disasm", "a", "--max-file-bytes", "0x10"},
      {"check", "a.json", "--max-workgroups", " 5"},
  };
  for (const auto& [cmd, file, option, value] : invalid) {
    const Run r = runGcnsim({cmd, file, option, value});
    CHECK(r.status == 2);
    CHECK(r.err ==
          "gcnsim: " + option + ": \"" + value + "\" is not a valid value (see gcnsim " + cmd + " --help)\n");
  }
  for (const char* cmd : {"run", "info", "disasm", "check"}) {
    const Run h = runGcnsim({cmd, "--help"});
    INFO(cmd << "\n" << h.out);
    CHECK(h.status == 0);
    CHECK_THAT(h.out, !Catch::Contains("--job") && !Catch::Contains("--file"));
  }
}

TEST_CASE("run: the progress line shows on --progress, never with --quiet", "[cli][run]") {
  const std::string spin = kData + "spin.gfx900.json";
  const Run p = runGcnsim({"run", spin, "--mode", "functional", "--threads", "1", "--progress"}, 3.0, SIGINT);
  CHECK(p.status == 130);
  CHECK_THAT(p.err, Catch::Contains("\r") && Catch::Contains(" wave-instructions | work-groups 0/1 | "));
  // stderr is a file here: no line unless asked for.
  const Run q = runGcnsim({"run", spin, "--mode", "functional", "--threads", "1"}, 2.5, SIGINT);
  CHECK_THAT(q.err, !Catch::Contains("wave-instructions |"));
}

TEST_CASE("progress line: counts, rate and an ETA from the work-groups done", "[run]") {
  using gcnsim::frontend::ProgressLine;
  // 25 of 100 work-groups in 10 s: 75 left at 2.5 per second is 30 s.
  CHECK(ProgressLine::format(1234567, 5000000, 25, 100, true, 10.0) ==
        "cycle 1.23 M | 5.00 M wave-instructions | work-groups 25/100 | 500000 inst/s | ETA 30 s");
  CHECK(ProgressLine::format(0, 999, 0, 8, false, 1.0) ==
        "999 wave-instructions | work-groups 0/8 | 999 inst/s");
}

TEST_CASE("watchdog defaults: 2^24 wave-instructions per wave (2^30 to 2^52), 2^13 cycles each", "[run]") {
  using gcnsim::frontend::defaultMaxCycles;
  using gcnsim::frontend::defaultMaxInstructions;
  CHECK(defaultMaxInstructions(1) == uint64_t{1} << 30);                  // the floor: one wave
  CHECK(defaultMaxInstructions(64) == uint64_t{1} << 30);                 // 64 x 2^24 = 2^30
  CHECK(defaultMaxInstructions(131072) == uint64_t{131072} << 24);        // 8 M work-items
  CHECK(defaultMaxInstructions(uint64_t{1} << 32) == uint64_t{1} << 52);  // the ceiling
  CHECK(defaultMaxCycles(uint64_t{1} << 30) == uint64_t{1} << 43);
  CHECK(defaultMaxCycles(uint64_t{1} << 52) == uint64_t{1} << 62);
  // --max-instructions 0: the instruction watchdog fires, not a cycle limit of 0 the user never gave.
  CHECK(defaultMaxCycles(0) == 8192);
}

TEST_CASE("run: SIGINT stops a job between host steps, not only inside a dispatch", "[cli][run]") {
  // One dispatch, then a million fills of a 16 MiB buffer (1,000,001 steps: within --max-steps' 2^20):
  // hours of host work with no dispatch in which to notice the signal.
  const fs::path job = tempDir() / "fills.json";
  std::ofstream(job) << R"({"kernels": {"add": {"file": ")" << GCNSIM_SOURCE_DIR
                     << R"(/examples/device/iterate.gfx900.hsaco", "name": "add_step"}},
    "buffers": {"a": {"type": "i32", "count": 256}, "big": {"type": "u32", "count": 4194304}},
    "steps": [{"dispatch": "add", "grid": [256], "workgroup": [64],
               "args": [{"buffer": "a"}, {"value": 1, "type": "i32"}, {"value": 256, "type": "u32"}]},
              {"repeat": {"count": 1000000, "steps": [{"fill": {"buffer": "big", "value": 7}}]}}],
    "output": ["a"]})";
  const fs::path result = tempDir() / "fills.result.json";
  const Run r = runGcnsim({"run", job.string(), "--mode", "functional", "--result", result.string()}, 1.0);
  INFO(r.err);
  CHECK(r.status == 130);
  CHECK_THAT(r.err, Catch::Contains("gcnsim: interrupted: steps[1].repeat[") &&
                        Catch::Contains("].steps[0]: interrupted before this step"));
  CHECK(r.seconds < 30);
  const nlohmann::json doc = parseJson(gcnsim::test::readText(result));
  CHECK(doc.at("status") == "interrupted");
  CHECK(doc.at("totals").at("dispatches") == 1);
  // The dispatch's work is in the partial result: a (zeros) plus 1 (add_step: a[i] += value).
  CHECK(doc.at("buffers").at("a").at("data").at(5) == 1);
}
