#include "frontend/cli/run_cmd.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "frontend/cli/limit_options.hpp"
#include "frontend/cli/output_paths.hpp"
#include "frontend/cli/progress_line.hpp"
#include "frontend/cli/run_signals.hpp"
#include "frontend/cli/unsigned_option.hpp"
#include "frontend/cli/version.hpp"
#include "frontend/code_object/source_lines.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/config/config_loader.hpp"
#include "frontend/device/device.hpp"
#include "frontend/device/job_dispatch.hpp"
#include "frontend/device/job_steps_run.hpp"
#include "frontend/job/job.hpp"
#include "frontend/job/kernel_launch.hpp"
#include "frontend/report/check_report.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/run_reports.hpp"
#include "frontend/trace/trace_filter.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "isa/operands.hpp"
#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "memory/lds.hpp"
#include "memory/memory_error.hpp"
#include "sim/dispatch.hpp"
#include "sim/timing/timing_engine.hpp"

namespace po = boost::program_options;

namespace gcnsim::frontend {
namespace {

// Simulated device memory: large enough for any job whose buffers pass
// loadJob's limit, plus code, kernargs and scratch.
constexpr uint64_t kDeviceMemoryBytes = uint64_t{8} << 30;

const char* const kReports[] = {"stalls", "listing", "lines", "stats"};

RunOptions parseOptions(const std::vector<std::string>& args, bool& help) {
  RunOptions o;
  std::string traceCu, threads;
  std::vector<std::string> reports;
  uint64_t maxInstructions = 0, maxCycles = 0;
  po::options_description desc("gcnsim run JOB.json [options]");
  const std::string configHelp = "timing: GPU config, a chip name (" + chipNames() +
                                 ") or a file (configs/*.json); default: the kernel's chip";
  desc.add_options()("help,h", "show this help")("result", po::value(&o.result),
                                                 "write the result document (JSON)")(
      "out", po::value(&o.outDir), "write each reported buffer as raw bytes DIR/NAME.bin")(
      "mode", po::value(&o.mode), "timing (default: cycle-approximate) or functional")(
      "config", po::value(&o.config), configHelp.c_str())(
      "set", po::value(&o.sets)->composing(),
      "timing: override a config value, KEY=VALUE (e.g. gpu.cus=4); repeatable")(
      "max-cycles", unsignedValue(maxCycles),
      "timing watchdog: stop after this many cycles (default: scaled to the grid, README \"Run control\")")(
      "arch", po::value(&o.arch), "check that the kernel is for this architecture")(
      "max-instructions", unsignedValue(maxInstructions),
      "watchdog: stop after this many wave-instructions (default: scaled to the grid)")(
      "quiet,q", "no progress line")("progress", "show the progress line even when stderr is not a terminal")(
      "threads", po::value(&threads),
      "threads running workgroups (functional) or CU groups (timing); default: all cores; results are the "
      "same for any count")("log-level", po::value(&o.logLevel), "trace, debug, info, warn, error")(
      "verbose,v", "same as --log-level info")("trace", po::value(&o.trace),
                                               "timing: write a per-cycle trace to FILE (\"-\": stdout)")(
      "trace-format", po::value(&o.traceFormat),
      "text (default), jsonl or chrome (Perfetto, chrome://tracing)")(
      "trace-waves", po::value(&o.traceWaves), "trace only these waves, e.g. 0,3,8-11")(
      "trace-cycles", po::value(&o.traceCycles), "trace only cycles FROM:TO (TO excluded)")(
      "trace-cu", po::value(&traceCu), "trace only this CU")(
      "report", po::value(&reports)->composing(),
      "timing: print stalls (LGKM/VM/barrier stall profile), listing (annotated disassembly), lines (cost "
      "per source line) or stats; repeat or separate with commas")(
      "report-format", po::value(&o.reportFormat),
      "text (default), json or csv; json and csv send the summary to stderr");
  std::vector<std::string> checks;
  desc.add_options()("check", po::value(&checks)->composing(),
                     "check for hazards, races, uninit, bounds (comma-separated) or all; findings on stderr "
                     "and in the result's checks section")("check-fatal",
                                                           "stop at the first --check finding (exit 1)");
  addLimitOptions(desc, o.limits, true);
  // JOB is positional plumbing: parsed, not listed in --help.
  po::options_description all;
  all.add(desc).add_options()("job", po::value(&o.job), "job file");
  po::positional_options_description pos;
  pos.add("job", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  help = vm.count("help") > 0;
  if (help) {
    std::cout << desc;
    return o;
  }
  // Given empty, an output was silently not written.
  for (const char* name : {"result", "trace", "out"})
    if (vm.count(name) && vm[name].as<std::string>().empty())
      throw InputError(std::string("--") + name + ": empty " + (name[0] == 'o' ? "directory" : "file") +
                       " name");
  if (vm.count("verbose")) o.logLevel = "info";
  if (vm.count("max-instructions")) o.maxInstructions = maxInstructions;
  if (vm.count("max-cycles")) o.maxCycles = maxCycles;
  o.quiet = vm.count("quiet") > 0;
  o.progress = vm.count("progress") > 0;
  if (o.logLevel != "off" && spdlog::level::from_str(o.logLevel) == spdlog::level::off)
    throw InputError("--log-level: \"" + o.logLevel +
                     "\" is not a level (expected trace, debug, info, warn or error)");
  for (const std::string& r : reports) {
    size_t start = 0;
    while (start <= r.size()) {
      const size_t comma = std::min(r.find(',', start), r.size());
      const std::string name = r.substr(start, comma - start);
      if (std::find(std::begin(kReports), std::end(kReports), name) == std::end(kReports))
        throw InputError("--report: \"" + name +
                         "\" is not a report (expected stalls, listing, lines or stats)");
      if (std::find(o.reports.begin(), o.reports.end(), name) == o.reports.end()) o.reports.push_back(name);
      start = comma + 1;
    }
  }
  if (vm.count("threads")) o.threads = parseThreads(threads);
  for (const std::string& c : checks) {
    try {
      sim::check::parseCheckList(c, o.checks);
    } catch (const std::invalid_argument& e) {
      throw InputError(std::string("--check: ") + e.what());
    }
  }
  o.checks.fatal = vm.count("check-fatal") > 0;
  if (o.checks.fatal && !o.checks.any()) throw InputError("--check-fatal: needs --check");
  // (Without a report it printed nothing and only moved the summary to stderr.)
  if (vm.count("report-format") && o.reports.empty()) throw InputError("--report-format: needs --report");
  // An empty filter is a mistake, not "every wave" (the API's "" means not given; given empty here it had
  // been accepted silently, even without --trace).
  if (vm.count("trace-waves") && o.traceWaves.empty()) parseWaveList(o.traceWaves);  // throws: empty list
  if (vm.count("trace-cycles") && o.traceCycles.empty()) parseCycleRange(o.traceCycles);  // throws
  if (vm.count("trace-cu")) {
    uint32_t cu = 0;
    const auto [p, ec] = std::from_chars(traceCu.data(), traceCu.data() + traceCu.size(), cu);
    if (ec != std::errc() || p != traceCu.data() + traceCu.size())
      throw InputError("--trace-cu: \"" + traceCu + "\" is not a CU number");
    o.traceCu = cu;
  }
  checkReportFormat(o);
  if (o.job.empty()) throw InputError("run: missing JOB (a job file, see README \"Job file\")");
  checkLimits(o.limits);
  return o;
}

}  // namespace

unsigned defaultThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

unsigned parseThreads(const std::string& text) {
  unsigned n = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || p != text.data() + text.size() || n < 1 || n > kMaxThreads)
    throw InputError("--threads: \"" + text + "\" is not a thread count (expected 1 to " +
                     std::to_string(kMaxThreads) + ")");
  return n;
}

uint32_t sgprsPerWave(const KernelSpec& kernel, const KernelInfo* info) {
  if (kernel.format == KernelFormat::Elf && info) return codeObjectSgprs(info->kd, kernel.arch.gen);
  if (kernel.sgprs) return kernel.sgprs;
  return isa::numSgprs(kernel.arch.gen);
}

uint64_t defaultMaxInstructions(uint64_t waves) {
  return std::clamp<uint64_t>(waves << 24, uint64_t{1} << 30, uint64_t{1} << 52);
}

uint64_t defaultMaxCycles(uint64_t maxInstructions) {
  // (A budget of 0 gets the cycles of 1: the instruction watchdog is the one that fires.)
  return maxInstructions >= (uint64_t{1} << 49) ? uint64_t{1} << 62
                                                : std::max<uint64_t>(maxInstructions, 1) << 13;
}

const char* statusName(sim::RunStatus::Kind kind) {
  switch (kind) {
    case sim::RunStatus::Ok: return "ok";
    case sim::RunStatus::Fault: return "fault";
    case sim::RunStatus::Watchdog: return "watchdog";
    case sim::RunStatus::Interrupted: return "interrupted";
    case sim::RunStatus::Refused: return "refused";  // (Device::dispatch throws it as an input error)
  }
  return "fault";
}

RunOutcome runJob(Job job, const RunOptions& opt) {
  checkLaunchOptions(launchOptions(opt), OptionNames::Cli);
  if (opt.mode != "timing" && (!opt.config.empty() || !opt.sets.empty()))
    throw InputError(std::string(opt.config.empty() ? "--set" : "--config") + ": needs --mode timing");
  if (!opt.arch.empty()) {
    auto want = isa::parseArch(opt.arch);
    if (!want)
      throw InputError("--arch: unknown architecture \"" + opt.arch + "\" (expected one of " +
                       isa::knownArchNames() + ")");
    if (want->gen != job.kernel.arch.gen)
      throw InputError("--arch " + opt.arch + ": the kernel is for " + job.kernel.arch.llvmName);
  }
  if (job.hasSteps()) {
    // One dispatch's views: a multi-step job gives per-step results instead.
    if (!opt.trace.empty()) throw InputError("--trace: not available for a job with steps");
    if (!opt.reports.empty())
      throw InputError("--report " + opt.reports[0] + ": not available for a job with steps");
    if (opt.checks.any()) throw InputError("--check: not available for a job with steps");
  }
  Device dev(deviceOptions(job, opt));
  // The buffers' bytes become the simulated memory's pages (no copy); zero
  // buffers get pages only where the kernel writes.
  for (BufferSpec& b : job.buffers) dev.allocate(std::move(b));
  spdlog::info("{} buffers placed in simulated memory", job.buffers.size());
  if (job.hasSteps()) {
    RunOutcome out = runSteps(dev, job, opt);
    if (opt.readBuffers) readOutputs(dev, job, out.doc);
    return out;
  }
  const KernelRef kernel =
      dev.loadKernel(job.kernel, job.codeObject, std::move(job.rawCode), job.path.string());
  LaunchOptions launch = launchOptions(opt);
  launch.workDims = job.gridDims;
  DispatchResult r = dev.dispatch(kernel, job.grid, job.workgroup, kernelArgs(dev, job.args), launch);
  RunOutcome out = outcomeOf(std::move(r));
  if (opt.readBuffers) readOutputs(dev, job, out.doc);
  return out;
}

namespace {

// The exit status of a run that ended with `kind` (README "Exit status").
int exitStatus(sim::RunStatus::Kind kind) {
  switch (kind) {
    case sim::RunStatus::Ok: return kExitOk;
    case sim::RunStatus::Fault: return kExitFault;
    case sim::RunStatus::Watchdog: return kExitWatchdog;
    case sim::RunStatus::Interrupted:
      return 128 + (StopOnSignals::received() ? StopOnSignals::received() : SIGINT);
    case sim::RunStatus::Refused: return kExitBadInput;
  }
  return kExitFault;
}

// The files a run reads: an output must not be one of them (checkOutputsApart).
std::vector<NamedFile> inputFiles(const Job& job, const RunOptions& opt) {
  std::vector<NamedFile> in{{"the job file", job.path.string()}};
  if (job.hasSteps())
    for (const JobKernel& k : job.kernels)
      in.push_back({"kernels." + k.key + ".file", k.kernel.file.string()});
  else
    in.push_back({"kernel.file", job.kernel.file.string()});
  for (const BufferSpec& b : job.buffers)
    if (!b.file.empty()) in.push_back({"buffers." + b.name + ".file", b.file.string()});
  // (--config is a chip name or a file; only a file can clash)
  if (!opt.config.empty()) in.push_back({"--config", opt.config});
  return in;
}

// The files a run writes: --result, --trace and --out's DIR/NAME.bin for each reported buffer.
std::vector<NamedFile> outputFiles(const Job& job, const RunOptions& opt) {
  std::vector<NamedFile> out{{"--result", opt.result}, {"--trace", opt.trace}};
  if (!opt.outDir.empty())
    for (const std::string& name : job.output)
      out.push_back({"--out", (std::filesystem::path(opt.outDir) / (name + ".bin")).string()});
  return out;
}

}  // namespace

int runCommand(const std::vector<std::string>& args) {
  const auto t0 = std::chrono::steady_clock::now();
  bool help = false;
  RunOptions opt = parseOptions(args, help);
  if (help) return kExitOk;
  spdlog::set_level(spdlog::level::from_str(opt.logLevel));
  // Outputs are checked before anything runs: a typo costs a second, not a simulation.
  if (!opt.result.empty()) checkOutputFile("--result", opt.result);
  if (!opt.trace.empty()) checkOutputFile("--trace", opt.trace);
  if (!opt.outDir.empty()) checkOutputDir("--out", opt.outDir);
  if (opt.result == "-" && opt.trace == "-")
    throw InputError("--result - and --trace -: only one can use stdout");
  opt.readBuffers = !opt.result.empty() || !opt.outDir.empty();
  // From here to the written outputs, SIGINT/SIGTERM stop the run rather than
  // the process: one that comes while the job loads ends the run at its first
  // check, one that comes while outputs are written lets them finish.
  sim::RunControl control;
  opt.control = &control;
  const StopOnSignals stopOnSignals(control);
  Job job = loadJob(opt.job, opt.limits);
  spdlog::info("job loaded");
  checkOutputsApart(outputFiles(job, opt), inputFiles(job, opt));
  // runJob takes the buffers' bytes; keep what the summary prints.
  const isa::Gen gen = job.kernel.arch.gen;
  const auto grid = job.grid, workgroup = job.workgroup;
  const bool steps = job.hasSteps();  // the progress line counts one dispatch's work-groups
  uint64_t workgroups = 1;
  for (int i = 0; i < 3; ++i) workgroups *= (grid[i] + workgroup[i] - 1) / workgroup[i];

  RunOutcome out;
  {
    std::optional<ProgressLine> progress;
    if (!opt.quiet && (opt.progress || ::isatty(STDERR_FILENO)) && !steps)
      progress.emplace(control, workgroups, opt.mode == "timing", stderr);
    out = runJob(std::move(job), opt);
  }
  // stdout holds only what was asked for: with a trace or the result document
  // there, the summary and the reports go to stderr.
  // JSON and CSV reports own stdout too.
  std::FILE* summary = opt.trace == "-" || opt.result == "-" || opt.reportFormat != "text" ? stderr : stdout;
  if (out.checker) std::cerr << checkReportText(*out.checker);
  if (!out.status.ok())
    std::fprintf(stderr, "gcnsim: %s: %s\n", statusName(out.status.kind),
                 escapeText(out.status.message).c_str());
  const ResultDoc& doc = out.doc;
  if (!opt.result.empty()) {
    const auto w0 = std::chrono::steady_clock::now();
    writeResultJson(opt.result, doc);
    spdlog::info("result document written in {:.3f} s",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
  }
  if (!opt.outDir.empty()) writeRawBuffers(opt.outDir, doc.buffers);
  // Wall time: the whole command, from parsing the options to the written outputs.
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto wg = doc.stats.extra.empty() ? 0 : doc.stats.extra[0].second;
  std::fprintf(summary, "kernel        %s (%s, %s)\n", escapeText(doc.kernel).c_str(), doc.arch.c_str(),
               std::string(isa::genName(gen)).c_str());
  if (steps)
    std::fprintf(summary, "steps         %llu dispatches: %llu workgroups, %llu waves\n",
                 static_cast<unsigned long long>(out.dispatches), static_cast<unsigned long long>(wg),
                 static_cast<unsigned long long>(doc.stats.waves));
  else if (out.status.ok())
    std::fprintf(summary, "grid          %u x %u x %u, workgroup %u x %u x %u: %llu workgroups, %llu waves\n",
                 grid[0], grid[1], grid[2], workgroup[0], workgroup[1], workgroup[2],
                 static_cast<unsigned long long>(wg), static_cast<unsigned long long>(doc.stats.waves));
  else  // the counts of a run that stopped: workgroups that finished, waves that started
    std::fprintf(summary,
                 "grid          %u x %u x %u, workgroup %u x %u x %u: %llu workgroups finished, %llu waves "
                 "started\n",
                 grid[0], grid[1], grid[2], workgroup[0], workgroup[1], workgroup[2],
                 static_cast<unsigned long long>(wg), static_cast<unsigned long long>(doc.stats.waves));
  if (doc.mode == "timing")
    std::fprintf(summary, "mode          timing (config %s)\n", escapeText(out.configName).c_str());
  else
    std::fprintf(summary, "mode          %s\n", doc.mode.c_str());
  if (!out.status.ok()) std::fprintf(summary, "status        %s (partial results)\n", doc.status.c_str());
  std::fprintf(summary, "instructions  %llu wave-instructions\n",
               static_cast<unsigned long long>(doc.stats.instructions));
  if (doc.mode == "timing")
    std::fprintf(summary, "cycles        %llu\n", static_cast<unsigned long long>(doc.stats.cycles));
  if (out.summary) std::fprintf(summary, "stats         %s\n", statsBrief(*out.summary).c_str());
  std::fprintf(summary, "wall time     %.3f s\n", wall);
  if (!opt.result.empty()) std::fprintf(summary, "result        %s\n", opt.result.c_str());
  if (!opt.trace.empty())
    std::fprintf(summary, "trace         %s (%s)\n", opt.trace.c_str(), opt.traceFormat.c_str());
  printReports(opt, out, summary);
  return exitStatus(out.status.kind);
}

}  // namespace gcnsim::frontend
