// Table rows, summaries and JSON of the benchmark (bench_report.hpp).
#include "tests/bench/bench_report.hpp"

#include <algorithm>
#include <cstdio>

#include "frontend/common/printf_string.hpp"

namespace gcnsim::bench {
namespace {

using frontend::printfString;

const char* mark(bool ok) { return ok ? "ok" : "MISS"; }

nlohmann::ordered_json modeJson(const ModeRun& m) {
  nlohmann::ordered_json j;
  j["ran"] = m.ran;
  if (!m.ran && m.error.empty()) return j;
  if (!m.error.empty()) {
    j["error"] = m.error;
    return j;
  }
  j["instructions"] = m.instructions;
  j["cycles"] = m.cycles;
  j["cpu_seconds"] = m.cpuSeconds;
  j["wall_seconds"] = m.wallSeconds;
  j["repetitions"] = m.repetitions;
  j["m_wave_instr_per_cpu_second"] = m.millionsPerCpuSecond();
  j["cpu_ns_per_wave_instr"] = m.cpuNsPerInstruction();
  return j;
}

}  // namespace

Summary summarize(const KernelResult& r) {
  Summary s;
  if (r.kernel == "fma_loop") s.functionalTarget = 20;
  for (size_t i = 0; i < r.sizes.size(); ++i) {
    const SizeResult& z = r.sizes[i];
    if (z.functional.ok())
      s.functionalWorst = std::min(s.functionalWorst.value_or(1e300), z.functional.millionsPerCpuSecond());
    if (z.functional.ok() && z.timing.ok())
      s.ratioWorst = std::max(s.ratioWorst.value_or(0), z.timing.cpuSeconds / z.functional.cpuSeconds);
    if (!s.fullSize && r.capacity && z.waves >= r.capacity) s.fullSize = i;
  }
  const size_t last = r.sizes.size() - 1;
  if (s.fullSize && *s.fullSize < last && r.sizes[*s.fullSize].timing.ok() && r.sizes[last].timing.ok())
    s.scaling =
        r.sizes[last].timing.cpuNsPerInstruction() / r.sizes[*s.fullSize].timing.cpuNsPerInstruction();
  return s;
}

std::string tableHeader() {
  return printfString("%-14s %-6s %6s %7s %12s %9s %9s %7s %9s %9s %9s %9s\n", "kernel", "gen", "wgs",
                      "waves", "wave-instr", "func M/s", "time M/s", "t/f CPU", "func ns", "time ns",
                      "func wall", "time wall") +
         printfString("%-14s %-6s %6s %7s %12s %9s %9s %7s %9s %9s %9s %9s\n", "", "", "", "", "", "(CPU)",
                      "(CPU)", "", "/w-instr", "/w-instr", "s", "s");
}

std::string tableRow(const KernelResult& r, const SizeResult& s) {
  const ModeRun& f = s.functional;
  const ModeRun& t = s.timing;
  const uint64_t instructions = f.ran ? f.instructions : t.instructions;
  std::string line =
      printfString("%-14s %-6s %6u %7llu %12llu", r.kernel.c_str(), r.gen.c_str(), s.workgroups,
                   static_cast<unsigned long long>(s.waves), static_cast<unsigned long long>(instructions));
  for (const ModeRun* m : {&f, &t})
    if (!m->error.empty()) return line + "  " + (m == &f ? "functional: " : "timing: ") + m->error + "\n";
  auto cell = [](const ModeRun& m, double v, const char* fmt) {
    return m.ok() ? printfString(fmt, v) : printfString("%9s", "-");
  };
  line += cell(f, f.ran ? f.millionsPerCpuSecond() : 0, " %9.2f");
  line += cell(t, t.ran ? t.millionsPerCpuSecond() : 0, " %9.2f");
  line += f.ok() && t.ok() ? printfString(" %6.2fx", t.cpuSeconds / f.cpuSeconds) : printfString(" %7s", "-");
  line += cell(f, f.ran ? f.cpuNsPerInstruction() : 0, " %9.1f");
  line += cell(t, t.ran ? t.cpuNsPerInstruction() : 0, " %9.1f");
  line += cell(f, f.wallSeconds, " %9.3f");
  line += cell(t, t.wallSeconds, " %9.3f");
  return line + "\n";
}

std::string summaryLine(const KernelResult& r, const Summary& s) {
  std::string line = r.kernel + " " + r.gen + ":";
  if (s.functionalWorst)
    line += printfString(" functional %.2f M/s worst size (>= %.0f) %s;", *s.functionalWorst,
                         s.functionalTarget, mark(*s.functionalWorst >= s.functionalTarget));
  if (s.ratioWorst)
    line += printfString(" timing/functional %.2fx worst size (<= %.0fx) %s;", *s.ratioWorst,
                         Summary::kRatioTarget, mark(*s.ratioWorst <= Summary::kRatioTarget));
  const SizeResult& last = r.sizes.back();
  if (!s.fullSize) {
    line += printfString(" scaling n/a (no size reaches the GPU's %llu resident waves)",
                         static_cast<unsigned long long>(r.capacity));
  } else if (!s.scaling) {
    line += printfString(
        " scaling n/a (%u wgs fill the GPU's %llu resident waves; needs a timing run of it and of a "
        "larger size)",
        r.sizes[*s.fullSize].workgroups, static_cast<unsigned long long>(r.capacity));
  } else {
    line += printfString(
        " timing ns/wave-instr at %u wgs / at %u wgs (first size filling the GPU's %llu resident "
        "waves) %.2f (<= %.1f) %s",
        last.workgroups, r.sizes[*s.fullSize].workgroups, static_cast<unsigned long long>(r.capacity),
        *s.scaling, Summary::kScalingTarget, mark(*s.scaling <= Summary::kScalingTarget));
  }
  return line + "\n";
}

nlohmann::ordered_json resultJson(const KernelResult& r, const Summary& s) {
  nlohmann::ordered_json j;
  j["kernel"] = r.kernel;
  j["gen"] = r.gen;
  j["capacity_waves"] = r.capacity;
  for (const SizeResult& z : r.sizes)
    j["sizes"].push_back(nlohmann::ordered_json{{"workgroups", z.workgroups},
                                                {"waves", z.waves},
                                                {"functional", modeJson(z.functional)},
                                                {"timing", modeJson(z.timing)}});
  nlohmann::ordered_json sum;
  sum["functional_target_m_per_s"] = s.functionalTarget;
  if (s.functionalWorst) sum["functional_worst_m_per_s"] = *s.functionalWorst;
  if (s.ratioWorst) sum["timing_functional_ratio_worst"] = *s.ratioWorst;
  if (s.fullSize) sum["full_gpu_workgroups"] = r.sizes[*s.fullSize].workgroups;
  if (s.scaling) sum["timing_ns_largest_over_full"] = *s.scaling;
  j["summary"] = sum;
  return j;
}

}  // namespace gcnsim::bench
