// conformance_runner JOB MODE [EXECUTED_FILE]
//
// Loads a conformance job (tests/kernels/jobs/, or a multi-step program in
// tests/conformance/programs/jobs/), runs it with runJob in MODE (functional
// or timing), computes the expected buffers with the kernel's (program's) C++
// reference (reference.hpp) from the job's own input buffers and compares.
// Prints the executed mnemonics and, with EXECUTED_FILE, writes them there for
// the coverage table (coverage.cpp). The job runs again on 2 and 4 threads:
// the buffers and instruction counts must be identical, and in timing mode
// the cycle counts and every statistic too (the first timing run is traced:
// one group of every CU; the others CU groups on threads).
// Exit status: 0 pass; 1 mismatch, fault, watchdog or nondeterminism; 2 setup error.
#include <spdlog/spdlog.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/timing_report.hpp"
#include "isa/table.hpp"
#include "tests/conformance/reference.hpp"

namespace gcnsim::conformance {

std::map<std::string, ReferenceFn>& references() {
  static std::map<std::string, ReferenceFn> m;
  return m;
}

namespace {

using frontend::ElemType;

constexpr size_t kMaxReported = 16;  // mismatches printed per buffer

std::string elementText(uint64_t bits, ElemType t) {
  char buf[96];
  if (frontend::isFloatType(t)) {
    std::snprintf(buf, sizeof buf, "%.17g (0x%0*llx)", frontend::floatBitsToDouble(bits, t),
                  static_cast<int>(2 * frontend::elemTypeSize(t)), static_cast<unsigned long long>(bits));
  } else {
    const __int128 v = frontend::intBitsToValue(bits, t);
    std::snprintf(buf, sizeof buf, "%lld (0x%0*llx)", static_cast<long long>(v),
                  static_cast<int>(2 * frontend::elemTypeSize(t)), static_cast<unsigned long long>(bits));
  }
  return buf;
}

bool isNanBits(uint64_t bits, ElemType t) {
  return frontend::isFloatType(t) && std::isnan(frontend::floatBitsToDouble(bits, t));
}

// Error of `got` against `ref` in units in the last place of the result type.
double ulpError(long double got, long double ref, ElemType t) {
  const int mantBits = t == ElemType::F64 ? 52 : t == ElemType::F32 ? 23 : 10;
  const int minExp = t == ElemType::F64 ? -1022 : t == ElemType::F32 ? -126 : -14;
  const int e = ref == 0 ? minExp : std::max(std::ilogb(ref), minExp);
  const long double ulp = std::ldexp(1.0L, e - mantBits);
  return static_cast<double>(std::fabs(got - ref) / ulp);
}

// Magnitude from which a value rounds to infinity in float type t (round to nearest).
long double overflowThreshold(ElemType t) {
  if (t == ElemType::F64) return std::ldexp(2.0L - std::ldexp(1.0L, -53), 1023);
  if (t == ElemType::F32) return std::ldexp(2.0L - std::ldexp(1.0L, -24), 127);
  return 65520.0L;
}

long double smallestNormal(ElemType t) {
  return std::ldexp(1.0L, t == ElemType::F64 ? -1022 : t == ElemType::F32 ? -126 : -14);
}

// Compares one buffer; prints the first mismatches. Returns the mismatch count.
size_t compareBuffer(const Expect& e, const frontend::ResultBuffer& got) {
  const size_t n = e.count();
  const size_t gotCount = got.bytes.size() / frontend::elemTypeSize(got.type);
  if (got.type != e.type || gotCount != n) {
    std::printf("  %s: reported %zu elements of %s, expected %zu of %s\n", e.buffer.c_str(), gotCount,
                std::string(frontend::elemTypeName(got.type)).c_str(), n,
                std::string(frontend::elemTypeName(e.type)).c_str());
    return std::max<size_t>(n, 1);
  }
  size_t bad = 0;
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i < e.skip.size() && e.skip[i]) continue;
    const uint64_t g = frontend::loadElementBits(got.bytes, i, e.type);
    bool ok;
    std::string want;
    double err = 0;
    if (e.approximate()) {
      long double ref = e.values[i];
      if (std::fabs(ref) >= overflowThreshold(e.type)) ref = std::copysign(HUGE_VALL, ref);
      if (e.flushSubnormals && std::fabs(ref) < smallestNormal(e.type)) ref = std::copysign(0.0L, ref);
      const long double gv = frontend::floatBitsToDouble(g, e.type);
      if (std::isnan(ref))
        ok = std::isnan(gv);
      else if (std::isinf(ref) || std::isinf(gv))
        ok = gv == ref;
      else {
        err = ulpError(gv, ref, e.type);
        ok = err <= e.ulps;
        worst = std::max(worst, err);
      }
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17Lg", ref);
      want = buf;
    } else {
      ok = g == e.bits[i] || (isNanBits(g, e.type) && isNanBits(e.bits[i], e.type));
      want = elementText(e.bits[i], e.type);
    }
    if (ok) continue;
    if (bad++ < kMaxReported) {
      std::printf("  %s[%zu]: expected %s, got %s", e.buffer.c_str(), i, want.c_str(),
                  elementText(g, e.type).c_str());
      if (e.approximate() && err > 0) std::printf(" (%.2f ulp, bound %.1f)", err, e.ulps);
      std::printf("\n");
    }
  }
  if (bad)
    std::printf("  %s (%s): %zu of %zu elements differ\n", e.buffer.c_str(), e.what.c_str(), bad, n);
  else if (e.approximate())
    std::printf("  %s (%s): ok, worst %.3f ulp\n", e.buffer.c_str(), e.what.c_str(), worst);
  return bad;
}

// Mnemonic -> executions, from runJob's per-row counts.
std::map<std::string, uint64_t> executedMnemonics(const std::vector<uint64_t>& opCounts) {
  std::map<std::string, uint64_t> m;
  const auto ops = isa::allOps();
  for (size_t i = 0; i < opCounts.size() && i < ops.size(); ++i)
    if (opCounts[i]) m[ops[i]->name] += opCounts[i];
  return m;
}

void reportExecuted(const std::map<std::string, uint64_t>& m, const std::string& arch,
                    const std::string& file) {
  std::printf("executed %zu distinct mnemonics:", m.size());
  size_t col = 0;
  for (const auto& [name, count] : m) {
    std::printf("%s%s", col++ % 8 ? " " : "\n  ", name.c_str());
    (void)count;
  }
  std::printf("\n");
  if (file.empty()) return;
  std::filesystem::path p(file);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::ofstream out(p);
  out << "arch " << arch << '\n';
  for (const auto& [name, count] : m) out << name << ' ' << count << '\n';
  if (!out) std::printf("warning: cannot write %s\n", file.c_str());
}

const char* statusName(const sim::RunStatus& s) {
  return s.kind == sim::RunStatus::Watchdog ? "WATCHDOG" : s.kind == sim::RunStatus::Fault ? "FAULT" : "ok";
}

int run(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: conformance_runner JOB MODE [EXECUTED_FILE]\n");
    return 2;
  }
  spdlog::set_level(spdlog::level::err);
  const std::string jobPath = argv[1], mode = argv[2], executedFile = argc > 3 ? argv[3] : "";
  const frontend::Job job = frontend::loadJob(jobPath);
  const std::string arch = job.kernel.arch.llvmName;
  // A multi-step job (a program, tests/conformance/programs/) has its
  // reference under the program's name: the job file's name up to the first dot.
  const std::string name =
      job.hasSteps() ? job.path.filename().string().substr(0, job.path.filename().string().find('.'))
                     : job.kernel.name;
  std::printf("conformance: %s %s %s (%s)\n", name.c_str(), arch.c_str(), mode.c_str(), jobPath.c_str());
  const auto it = references().find(name);
  if (it == references().end()) {
    std::printf("no C++ reference for \"%s\"\n", name.c_str());
    return 2;
  }
  const Inputs inputs(job);
  const std::vector<Expect> expected = it->second(inputs);

  frontend::RunOptions opt;
  opt.mode = mode;
  opt.maxInstructions = uint64_t{1} << 28;
  opt.threads = 1;
  // Timing: the reference run has a stall profile, so it is traced and runs
  // as one group of every CU with the L2 answering at once
  // (sim/timing/gpu_timing.hpp); the runs on 2 and 4 threads below are
  // untraced CU groups with the L2 answered at epoch ends -- they must give
  // the same cycles and statistics.
  // A multi-step job has no reports: its runs all go on threads.
  if (mode == "timing" && !job.hasSteps()) opt.reports = {"stalls"};
  const frontend::RunOutcome out = frontend::runJob(job, opt);
  reportExecuted(executedMnemonics(out.opCounts), arch, executedFile);
  if (!out.status.ok()) {
    std::printf("%s: %s\n", statusName(out.status), out.status.message.c_str());
    return 1;
  }
  std::printf("ran %llu wave-instructions, %llu waves in %.3f s",
              static_cast<unsigned long long>(out.doc.stats.instructions),
              static_cast<unsigned long long>(out.doc.stats.waves), out.seconds);
  if (mode == "timing") std::printf(", %llu cycles", static_cast<unsigned long long>(out.cycles));
  if (job.hasSteps()) std::printf(", %llu dispatches", static_cast<unsigned long long>(out.dispatches));
  std::printf("\n");

  size_t bad = 0;
  for (const Expect& e : expected) {
    const frontend::ResultBuffer* got = nullptr;
    for (const auto& b : out.doc.buffers)
      if (b.name == e.buffer) got = &b;
    if (!got) {
      std::printf("  %s: not reported by the run\n", e.buffer.c_str());
      ++bad;
      continue;
    }
    bad += compareBuffer(e, *got);
  }

  // Determinism: the same buffers and counts on 1, 2 and 4 threads (timing:
  // the same cycles and statistics too).
  for (const unsigned threads : {2u, 4u}) {
    frontend::RunOptions more = opt;
    more.threads = threads;
    more.reports.clear();
    const frontend::RunOutcome again = frontend::runJob(job, more);
    if (!again.status.ok()) {
      std::printf("run on %u threads: %s: %s\n", threads, statusName(again.status),
                  again.status.message.c_str());
      return 1;
    }
    if (again.doc.stats.instructions != out.doc.stats.instructions) {
      std::printf("%u threads ran %llu wave-instructions, 1 thread %llu\n", threads,
                  static_cast<unsigned long long>(again.doc.stats.instructions),
                  static_cast<unsigned long long>(out.doc.stats.instructions));
      ++bad;
    }
    for (size_t i = 0; i < out.doc.buffers.size() && i < again.doc.buffers.size(); ++i)
      if (out.doc.buffers[i].bytes != again.doc.buffers[i].bytes) {
        std::printf("buffer %s differs between 1 and %u threads\n", out.doc.buffers[i].name.c_str(), threads);
        ++bad;
      }
    if (mode == "timing" && again.cycles != out.cycles) {
      std::printf("timing is not deterministic: %llu cycles on 1 thread, %llu on %u\n",
                  static_cast<unsigned long long>(out.cycles), static_cast<unsigned long long>(again.cycles),
                  threads);
      ++bad;
    }
    if (mode == "timing" && out.summary && again.summary &&
        frontend::statsTable(*out.summary) != frontend::statsTable(*again.summary)) {
      std::printf("timing statistics differ between 1 and %u threads:\n%s\n%s\n", threads,
                  frontend::statsTable(*out.summary).c_str(), frontend::statsTable(*again.summary).c_str());
      ++bad;
    }
    if (threads == 4)
      std::printf("same on 2 and 4 threads (%s)\n",
                  again.singleThreadReason.empty() ? "parallel"
                                                   : ("one thread: " + again.singleThreadReason).c_str());
  }
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}

}  // namespace
}  // namespace gcnsim::conformance

int main(int argc, char** argv) {
  try {
    return gcnsim::conformance::run(argc, argv);
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 2;
  }
}
