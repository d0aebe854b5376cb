// gcnsim_fuzz: the plain fuzz driver (fuzz.hpp). Input i of a run is derived
// from (--seed, i) alone, so any failure is reproduced with --iteration I.
//
//   gcnsim_fuzz TARGET|all [--seconds S] [--iterations N] [--seed S]
//               [--iteration I] [--input FILE] [--max-input-seconds T] [--save DIR]
//
// TARGET: job, code_object, raw_code, config, result. `all` runs each for --seconds.
// Exit status 0 when every input kept the contract, 1 on the first failure
// (the input is saved to --save DIR, default the current directory; under a
// sanitizer, whose report aborts the process, too).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>

#include "fuzz.hpp"

#if defined(__SANITIZE_ADDRESS__)  // (the sanitize build: ASan with UBSan)
#include <sanitizer/common_interface_defs.h>
#define GCNSIM_FUZZ_SANITIZED 1
#endif

using namespace gcnsim::fuzz;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::vector<std::string> targets;
  double seconds = 20;
  uint64_t iterations = ~uint64_t{0};
  uint64_t seed = 1;
  std::optional<uint64_t> iteration;
  std::string input;
  double maxInputSeconds = 5;
  fs::path save = ".";
};

std::unique_ptr<Target> makeTarget(const std::string& name) {
  if (name == "job") return makeJobTarget();
  if (name == "code_object") return makeCodeObjectTarget();
  if (name == "raw_code") return makeRawCodeTarget();
  if (name == "config") return makeConfigTarget();
  if (name == "result") return makeResultTarget();
  return nullptr;
}

[[noreturn]] void usage(const char* msg) {
  std::fprintf(
      stderr,
      "gcnsim_fuzz: %s\nusage: gcnsim_fuzz job|code_object|raw_code|config|result|all [--seconds S] "
      "[--iterations N] [--seed S] [--iteration I] [--input FILE] [--max-input-seconds T] [--save DIR]\n",
      msg);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage((a + " needs a value").c_str());
      return argv[++i];
    };
    if (a == "--seconds")
      o.seconds = std::stod(value());
    else if (a == "--iterations")
      o.iterations = std::stoull(value());
    else if (a == "--seed")
      o.seed = std::stoull(value());
    else if (a == "--iteration")
      o.iteration = std::stoull(value());
    else if (a == "--input")
      o.input = value();
    else if (a == "--max-input-seconds")
      o.maxInputSeconds = std::stod(value());
    else if (a == "--save")
      o.save = value();
    else if (a == "all")
      o.targets = {"job", "code_object", "raw_code", "config", "result"};
    else if (!a.starts_with("-") && makeTarget(a))
      o.targets.push_back(a);
    else
      usage(("unknown argument " + a).c_str());
  }
  if (o.targets.empty()) usage("no target");
  return o;
}

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The input being run, for a sanitizer's abort (which ends the process before runOne can report):
// the death callback saves it and names it as runOne would.
struct Current {
  const Target* target = nullptr;
  const std::string* input = nullptr;
  const Options* options = nullptr;
  const std::string* label = nullptr;
} current;

void saveFailure(const Target& t, const std::string& input, const Options& o, const std::string& label,
                 const std::string& failure) {
  const fs::path saved = o.save / (std::string("fuzz-failure-") + t.name() + ".bin");
  std::ofstream(saved, std::ios::binary) << input;
  std::fprintf(stderr, "FAIL %s %s: %s\n  input saved to %s; reproduce: gcnsim_fuzz %s %s\n", t.name(),
               label.c_str(), failure.c_str(), saved.c_str(), t.name(),
               o.input.empty()
                   ? ("--seed " + std::to_string(o.seed) + " --iteration " + label.substr(10)).c_str()
                   : ("--input " + o.input).c_str());
}

#ifdef GCNSIM_FUZZ_SANITIZED
void onSanitizerDeath() {
  if (current.input)
    saveFailure(*current.target, *current.input, *current.options, *current.label,
                "the sanitizer's report above");
}
#endif

// Runs one input; on a failure saves it and explains how to reproduce it.
bool runOne(Target& t, const std::string& input, const Options& o, const std::string& label, bool& accepted) {
  // CPU time, not wall time: the limit must not fire because the machine is busy.
  const double t0 = cpuSeconds();
  std::string failure;
  current = {&t, &input, &o, &label};
  try {
    accepted = t.run(input);
  } catch (const Failure& f) {
    failure = f.what();
  }
  current = {};
  const double s = cpuSeconds() - t0;
  if (failure.empty() && s > o.maxInputSeconds)
    failure =
        "took " + std::to_string(s) + " s of CPU time (limit " + std::to_string(o.maxInputSeconds) + " s)";
  if (failure.empty()) return true;
  saveFailure(t, input, o, label, failure);
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  spdlog::set_level(spdlog::level::off);
#ifdef GCNSIM_FUZZ_SANITIZED
  __sanitizer_set_death_callback(onSanitizerDeath);
#endif
  Context ctx;
  ctx.sourceDir = GCNSIM_SOURCE_DIR;
  ctx.workDir = fs::temp_directory_path() / ("gcnsim_fuzz_" + std::to_string(::getpid()));
  fs::create_directories(ctx.workDir);
  int status = 0;
  for (const std::string& name : o.targets) {
    std::unique_ptr<Target> t = makeTarget(name);
    t->init(ctx);
    bool accepted = false;
    if (!o.input.empty()) {
      if (!runOne(*t, readFileBytes(o.input), o, "input", accepted)) status = 1;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t n = 0, ran = 0;
    for (uint64_t i = o.iteration.value_or(0); i < o.iterations; ++i) {
      Rng rng(o.seed * 0x9e3779b97f4a7c15ull + i);
      rng.next();
      const std::string input = t->generate(rng);
      ++n;
      if (!runOne(*t, input, o, "iteration " + std::to_string(i), accepted)) {
        status = 1;
        break;
      }
      ran += accepted;
      if (o.iteration) break;
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > o.seconds) break;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf(
        "fuzz %-11s %7llu inputs in %5.1f s (seed %llu): %llu got past validation, the rest refused "
        "with one-line errors\n",
        name.c_str(), static_cast<unsigned long long>(n), s, static_cast<unsigned long long>(o.seed),
        static_cast<unsigned long long>(ran));
    std::fflush(stdout);
    if (status) break;
  }
  std::error_code ec;
  fs::remove_all(ctx.workDir, ec);
  return status;
}
