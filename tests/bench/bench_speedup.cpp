// Thread speedup of the benchmark's jobs (bench_speedup.hpp).
#include "tests/bench/bench_speedup.hpp"

#include <algorithm>

#include "frontend/common/printf_string.hpp"

namespace gcnsim::bench {

using frontend::printfString;

std::string disagreement(const ModeRun& one, const ModeRun& many, unsigned threads) {
  if (one.instructions != many.instructions)
    return printfString("wave-instructions differ: %llu on 1 thread, %llu on %u",
                        static_cast<unsigned long long>(one.instructions),
                        static_cast<unsigned long long>(many.instructions), threads);
  if (one.cycles != many.cycles)
    return printfString("cycles differ: %llu on 1 thread, %llu on %u",
                        static_cast<unsigned long long>(one.cycles),
                        static_cast<unsigned long long>(many.cycles), threads);
  return "";
}

SpeedupRun measureSpeedup(const frontend::Job& job, const BenchKernel& kernel, const std::string& mode,
                          unsigned threads, unsigned rounds, double minCpuSeconds) {
  SpeedupRun r;
  for (unsigned i = 0; i < rounds; ++i) {
    const ModeRun one = measure(job, kernel, mode, 1, minCpuSeconds);
    const ModeRun many = measure(job, kernel, mode, threads, minCpuSeconds);
    for (const ModeRun* m : {&one, &many})
      if (!m->error.empty()) {
        r.error = printfString("%u thread(s): ", m == &one ? 1u : threads) + m->error;
        return r;
      }
    if (const std::string d = disagreement(one, many, threads); !d.empty()) {
      r.error = d;
      return r;
    }
    r.oneWall = i == 0 ? one.wallSeconds : std::min(r.oneWall, one.wallSeconds);
    r.manyWall = i == 0 ? many.wallSeconds : std::min(r.manyWall, many.wallSeconds);
    r.cycles = one.cycles;
    r.instructions = one.instructions;
    r.ran = true;
  }
  return r;
}

std::optional<double> speedupTarget(unsigned threads) {
  if (threads == 2) return 1.7;
  return std::nullopt;
}

std::string speedupHeader(unsigned threads) {
  const std::string many = printfString("%u thr", threads);
  return printfString("%-14s %-6s %6s %9s %9s %8s %9s %9s %8s\n", "kernel", "gen", "wgs", "func 1",
                      ("func " + many).c_str(), "speedup", "time 1", ("time " + many).c_str(), "speedup") +
         printfString("%-14s %-6s %6s %9s %9s %8s %9s %9s %8s\n", "", "", "", "wall s", "wall s", "",
                      "wall s", "wall s", "");
}

namespace {
std::string cells(const SpeedupRun& r) {
  if (!r.ran && r.error.empty()) return printfString(" %9s %9s %8s", "-", "-", "-");
  if (!r.error.empty()) return "  " + r.error;
  return printfString(" %9.3f %9.3f %7.2fx", r.oneWall, r.manyWall, r.speedup());
}
}  // namespace

std::string speedupRow(const std::string& kernel, const std::string& gen, uint32_t workgroups,
                       const SpeedupRun& functional, const SpeedupRun& timing) {
  std::string line = printfString("%-14s %-6s %6u", kernel.c_str(), gen.c_str(), workgroups);
  if (!functional.error.empty()) return line + "  functional: " + functional.error + "\n";
  if (!timing.error.empty()) return line + cells(functional) + "  timing: " + timing.error + "\n";
  return line + cells(functional) + cells(timing) + "\n";
}

std::string speedupSummary(const std::string& kernel, const std::string& gen, uint32_t workgroups,
                           const SpeedupRun& functional, const SpeedupRun& timing, unsigned threads) {
  std::string line =
      printfString("%s %s at %u wgs, %u threads:", kernel.c_str(), gen.c_str(), workgroups, threads);
  const std::optional<double> target = speedupTarget(threads);
  for (const SpeedupRun* r : {&functional, &timing}) {
    if (!r->ok()) continue;
    line += printfString(" %s %.2fx", r == &functional ? "functional" : "timing", r->speedup());
    if (target) line += printfString(" (>= %.1fx) %s", *target, r->speedup() >= *target ? "ok" : "MISS");
    line += ";";
  }
  return line + "\n";
}

nlohmann::ordered_json speedupJson(const SpeedupRun& r) {
  nlohmann::ordered_json j;
  j["ran"] = r.ran;
  if (!r.error.empty()) j["error"] = r.error;
  if (!r.ok()) return j;
  j["one_thread_wall_seconds"] = r.oneWall;
  j["many_threads_wall_seconds"] = r.manyWall;
  j["speedup"] = r.speedup();
  j["cycles"] = r.cycles;
  j["instructions"] = r.instructions;
  return j;
}

}  // namespace gcnsim::bench
