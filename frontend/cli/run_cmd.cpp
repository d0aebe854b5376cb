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
#include <iostream>
#include <thread>

#include "frontend/cli/limit_options.hpp"
#include "frontend/cli/output_paths.hpp"
#include "frontend/cli/progress_line.hpp"
#include "frontend/cli/run_signals.hpp"
#include "frontend/cli/version.hpp"
#include "frontend/code_object/source_lines.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/config/config_loader.hpp"
#include "frontend/job/job.hpp"
#include "frontend/job/kernel_launch.hpp"
#include "frontend/report/check_report.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/run_reports.hpp"
#include "frontend/trace/trace_filter.hpp"
#include "frontend/trace/trace_writer.hpp"
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
  desc.add_options()("help,h", "show this help")("result", po::value(&o.result),
                                                 "write the result document (JSON)")(
      "out", po::value(&o.outDir), "write each reported buffer as raw bytes DIR/NAME.bin")(
      "mode", po::value(&o.mode), "timing (default: cycle-approximate) or functional")(
      "config", po::value(&o.config),
      "timing: GPU config, a chip name (tahiti, hawaii, fiji, vega10) or a file (configs/*.json); default: "
      "the kernel's chip")("set", po::value(&o.sets)->composing(),
                           "timing: override a config value, KEY=VALUE (e.g. gpu.cus=4); repeatable")(
      "max-cycles", po::value(&maxCycles),
      "timing watchdog: stop after this many cycles (default: scaled to the grid, README \"Run control\")")(
      "arch", po::value(&o.arch), "check that the kernel is for this architecture")(
      "max-instructions", po::value(&maxInstructions),
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
  if (!traceCu.empty()) {
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

namespace {

void checkMode(const RunOptions& o) {
  if (o.mode != "functional" && o.mode != "timing")
    throw InputError("--mode: \"" + o.mode + "\" is not a mode (expected timing or functional)");
  if (o.mode == "functional" && !o.trace.empty()) throw InputError("--trace: needs --mode timing");
  if (o.mode == "functional" && !o.reports.empty())
    throw InputError("--report " + o.reports[0] + ": needs --mode timing");
}

// CPU time of every thread of the process, for RunOutcome::cpuSeconds.
double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

bool wants(const RunOptions& o, const char* report) {
  return std::find(o.reports.begin(), o.reports.end(), report) != o.reports.end();
}

// The kernel's code from its entry point, for the annotated listing.
std::vector<ListingLine> kernelListing(const Job& job, const sim::DispatchSpec& spec,
                                       memory::GlobalMemory& mem) {
  uint64_t bytes = spec.codeBase + spec.codeSize - spec.entryPc;
  if (job.kernel.format == KernelFormat::Elf && job.kernelInfo().codeSize)
    bytes = std::min<uint64_t>(bytes, job.kernelInfo().codeSize);
  std::vector<uint32_t> words(bytes / 4);
  mem.read(spec.entryPc, words.data(), words.size() * 4);
  std::vector<ListingLine> lines = decodeListing(spec.gen, words, spec.entryPc, job.kernel.name);
  if (job.kernel.format == KernelFormat::Elf)
    addSourceLines(lines, SourceLines::read(job.codeObject->file, job.kernel.file.string()),
                   job.kernelInfo().entryVaddr, spec.entryPc);
  return lines;
}

// Timing statistics as result-document counters.
void addTimingStats(const sim::timing::TimingStats& t, ResultStats& out) {
  out.cycles = t.cycles;
  static const char* const kCats[] = {"issued_valu", "issued_scalar",     "issued_vmem",
                                      "issued_lds",  "issued_gds_export", "issued_branch"};
  for (unsigned i = 0; i < sim::timing::kIssueCats; ++i) out.extra.emplace_back(kCats[i], t.issued[i]);
  out.extra.emplace_back("waitcnt_stalls", t.waitcntStalls);
  out.extra.emplace_back("scoreboard_stalls", t.scoreboardStalls);
  out.extra.emplace_back("valu_busy_stalls", t.unitBusyStalls);
  out.extra.emplace_back("lds_conflict_passes", t.ldsConflictPasses);
  out.extra.emplace_back("kcache_hits", t.kcache.hits);
  out.extra.emplace_back("kcache_misses", t.kcache.misses);
  out.extra.emplace_back("kcache_port_wait_cycles", t.kcachePortWaitCycles);
  out.extra.emplace_back("l1_hits", t.l1.hits);
  out.extra.emplace_back("l1_misses", t.l1.misses);
  out.extra.emplace_back("l2_hits", t.l2.hits);
  out.extra.emplace_back("l2_misses", t.l2.misses);
  out.extra.emplace_back("dram_reads", t.dramReads);
}

}  // namespace

// The descriptor's granulated count (AMDGPUUsage.rst compute_pgm_rsrc1), or the
// raw job's "sgprs" (default 104 on GCN 1.0/1.1, 102 on GCN 1.2/1.4).
uint32_t sgprsPerWave(const Job& job) {
  if (job.kernel.format == KernelFormat::Elf)
    return (job.kernelInfo().kd.granulatedWavefrontSgprCount + 1u) * 8u;
  if (job.kernel.sgprs) return job.kernel.sgprs;
  return job.kernel.arch.gen <= isa::Gen::GCN11 ? 104 : 102;
}

uint64_t defaultMaxInstructions(uint64_t waves) {
  return std::clamp<uint64_t>(waves << 24, uint64_t{1} << 30, uint64_t{1} << 52);
}

uint64_t defaultMaxCycles(uint64_t maxInstructions) {
  return maxInstructions >= (uint64_t{1} << 49) ? uint64_t{1} << 62 : maxInstructions << 13;
}

const char* statusName(sim::RunStatus::Kind kind) {
  switch (kind) {
    case sim::RunStatus::Ok: return "ok";
    case sim::RunStatus::Fault: return "fault";
    case sim::RunStatus::Watchdog: return "watchdog";
    case sim::RunStatus::Interrupted: return "interrupted";
  }
  return "fault";
}

RunOutcome runJob(Job job, const RunOptions& opt) {
  checkMode(opt);
  const bool timing = opt.mode == "timing";
  sim::timing::GpuConfig gpu;
  std::string configJson;
  if (timing) {
    const RunConfig rc = loadRunConfig(opt.config, opt.sets, job.kernel.arch.gen, opt.limits.maxFileBytes);
    gpu = rc.gpu;
    if (rc.gen && *rc.gen != job.kernel.arch.gen)
      spdlog::warn("config {} is for {}, the kernel for {} ({}): timings are of a different generation",
                   gpu.name, isa::genName(*rc.gen), isa::genName(job.kernel.arch.gen),
                   job.kernel.arch.llvmName);
    configJson = nlohmann::json{{"name", gpu.name},
                                {"source", rc.source},
                                {"overrides", rc.overrides},
                                {"values", gpuConfigValues(gpu)}}
                     .dump();
  } else if (!opt.config.empty() || !opt.sets.empty()) {
    throw InputError(std::string(opt.config.empty() ? "--set" : "--config") + ": needs --mode timing");
  }
  if (!opt.arch.empty()) {
    auto want = isa::parseArch(opt.arch);
    if (!want)
      throw InputError("--arch: unknown architecture \"" + opt.arch + "\" (expected one of " +
                       isa::knownArchNames() + ")");
    if (want->gen != job.kernel.arch.gen)
      throw InputError("--arch " + opt.arch + ": the kernel is for " + job.kernel.arch.llvmName);
  }

  // Scratch backing memory: one private segment per lane of every wave that
  // can be resident at once (timing: every wave slot; functional: one
  // work-group per thread, fewer threads if that would exceed the limit),
  // computed in 64 bits before anything is allocated.
  unsigned threads = std::max(opt.threads, 1u);
  if (job.kernel.format == KernelFormat::Elf) {
    const KernelInfo& k = job.kernelInfo();
    const uint64_t perLane =
        (std::max(k.privateSegmentSize, k.kd.privateSegmentFixedSize) + 3u) & ~uint64_t{3};
    const uint64_t wgItems = uint64_t{job.workgroup[0]} * job.workgroup[1] * job.workgroup[2];
    const uint64_t waves =
        std::max<uint64_t>(timing ? uint64_t{gpu.cus} * gpu.cu.simds * gpu.cu.waveSlotsPerSimd : 0,
                           (wgItems + sim::kWaveSize - 1) / sim::kWaveSize);
    const uint64_t bytes = waves * perLane * sim::kWaveSize;
    if (!timing && bytes)
      threads = static_cast<unsigned>(std::clamp<uint64_t>(opt.limits.maxScratchBytes / bytes, 1, threads));
    if (bytes > opt.limits.maxScratchBytes)
      throw InputError(job.path.string() + ": kernel " + k.name + " needs " + std::to_string(bytes) +
                       " bytes of scratch (" + std::to_string(perLane) + " per work-item x 64 lanes x " +
                       std::to_string(waves) + " resident waves), more than the limit of " +
                       std::to_string(opt.limits.maxScratchBytes) + " (--max-scratch-bytes)");
  }

  memory::GlobalMemory mem(kDeviceMemoryBytes);
  memory::Gds gds;
  sim::ExecEnv env;
  env.global = &mem;
  env.gds = &gds;

  // The buffers' bytes become the simulated memory's pages (no copy); zero
  // buffers get pages only where the kernel writes.
  std::vector<uint64_t> addresses;
  for (BufferSpec& b : job.buffers) {
    const uint64_t a = mem.allocate(std::max<uint64_t>(b.size, 1), 256, b.name);
    if (!b.file.empty()) {
      const std::shared_ptr<MappedFile> mapped = mapInputFile(b.file, b.fileSize);
      mem.adopt(a, mapped->bytes(), mapped);
    } else if (!b.bytes.empty()) {
      mem.adopt(a, std::move(b.bytes));
    }
    addresses.push_back(a);
  }
  spdlog::info("{} buffers placed in simulated memory", job.buffers.size());

  sim::DispatchSpec spec;
  LaunchLayout layout;
  if (job.kernel.format == KernelFormat::Elf) {
    std::vector<ArgValue> values;
    for (const ArgSpec& a : job.args) {
      ArgValue v;
      switch (a.kind) {
        case ArgSpec::Kind::Buffer: {
          v.kind = ArgValue::Pointer;
          for (size_t i = 0; i < job.buffers.size(); ++i)
            if (job.buffers[i].name == a.buffer) v.pointer = addresses[i];
          break;
        }
        case ArgSpec::Kind::Value:
          v.kind = ArgValue::Bytes;
          v.bytes.resize(elemTypeSize(a.type));
          std::memcpy(v.bytes.data(), &a.bits, v.bytes.size());
          break;
        case ArgSpec::Kind::Local:
          v.kind = ArgValue::Local;
          v.localBytes = a.localBytes;
          break;
      }
      values.push_back(std::move(v));
    }
    LaunchGeometry geo{
        job.grid, job.workgroup,
        job.grid[2] > 1   ? 3u
        : job.grid[1] > 1 ? 2u
                          : 1u,
        timing ? sim::timing::timingScratchSlots(gpu) : threads * sim::wavesPerWorkgroup(job.workgroup)};
    spec = prepareCodeObjectLaunch(mem, env, *job.codeObject, job.kernelInfo(), values, geo, layout);
  } else {
    spec = prepareRawLaunch(mem, env, job, addresses);
  }
  if (spec.ldsBytes > memory::Lds::kMaxBytes)
    throw InputError(job.path.string() + ": the kernel needs " + std::to_string(spec.ldsBytes) +
                     " bytes of LDS per workgroup (at most " + std::to_string(memory::Lds::kMaxBytes) + ")");

  // The watchdog (README "Watchdog"): the limits given, else the defaults for the grid.
  const uint64_t totalWorkgroups = [&] {
    const auto c = sim::workgroupCounts(spec);
    return uint64_t{c[0]} * c[1] * c[2];
  }();
  const uint64_t maxInstructions =
      opt.maxInstructions.value_or(defaultMaxInstructions(sim::wavesBeforeWorkgroup(spec, totalWorkgroups)));
  const uint64_t maxCycles = opt.maxCycles.value_or(defaultMaxCycles(maxInstructions));

  RunOutcome out;
  if (opt.checks.any()) out.checker = makeChecker(opt.checks, spec, mem, env);
  spdlog::info("kernel starts");
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = processCpuSeconds();
  sim::DispatchStats stats;
  sim::timing::TimingStats tstats;
  if (timing) {
    sim::timing::TimingOptions topt;
    topt.limits.maxCycles = maxCycles;
    topt.limits.maxInstructions = maxInstructions;
    topt.control = opt.control;
    topt.sgprsPerWave = sgprsPerWave(job);
    topt.threads = threads;
    // Sinks: the profile sees every event, the trace writer what the filter passes.
    sim::trace::TeeSink tee;
    if (wants(opt, "stalls") || wants(opt, "listing") || wants(opt, "lines")) {
      out.profile = std::make_shared<StallProfile>(spec.gen, spec.entryPc);
      tee.add(out.profile.get());
    }
    std::unique_ptr<TraceWriter> writer;
    std::unique_ptr<FilterSink> filter;
    if (!opt.trace.empty()) {
      TraceFilter f;
      if (!opt.traceWaves.empty()) f.waves = parseWaveList(opt.traceWaves);
      if (!opt.traceCycles.empty()) std::tie(f.from, f.to) = parseCycleRange(opt.traceCycles);
      f.cu = opt.traceCu;
      TraceContext ctx;
      ctx.gen = spec.gen;
      ctx.entryPc = spec.entryPc;
      ctx.kernel = job.kernel.name;
      ctx.arch = job.kernel.arch.llvmName;
      ctx.config = gpu.name;
      ctx.slotsPerSimd = gpu.cu.waveSlotsPerSimd;
      ctx.version = kVersion;
      ctx.configJson = configJson;
      writer = makeTraceWriter(opt.traceFormat, opt.trace, ctx);
      filter = std::make_unique<FilterSink>(std::move(f), *writer);
      tee.add(filter.get());
    }
    if (out.profile || writer) topt.sink = &tee;
    if (out.checker && writer)
      out.checker->setTraceSink(filter.get(), &env.clock);  // findings as trace events
    out.status = sim::timing::runTiming(spec, env, gpu, topt, tstats);
    if (writer) writer->close();
    if (wants(opt, "listing") || wants(opt, "lines")) out.listing = kernelListing(job, spec, mem);
    out.summary = summarizeTiming(tstats, gpu);
    stats.workgroups = tstats.workgroups;
    stats.waves = tstats.waves;
    stats.instructions = tstats.instructions;
    stats.opCounts = std::move(tstats.opCounts);
    out.cycles = tstats.cycles;
    out.configName = gpu.name;
    out.threads = tstats.threads;
    out.singleThreadReason = tstats.singleThreadReason;
  } else {
    out.status = sim::runFunctional(spec, env, maxInstructions, stats, threads, opt.control);
    out.threads = stats.threads;
    out.singleThreadReason = stats.singleThreadReason;
  }
  const char* mode = timing ? "timing" : "functional";
  if (!out.singleThreadReason.empty())  // timing gives a whole sentence, functional the instruction
    spdlog::info("{} mode on one thread: {}", mode,
                 timing ? out.singleThreadReason
                        : "the kernel's results could depend on the order of its workgroups: " +
                              out.singleThreadReason);
  else
    spdlog::info("{} mode on {} thread{}", mode, out.threads, out.threads == 1 ? "" : "s");
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.cpuSeconds = processCpuSeconds() - cpu0;
  out.opCounts = std::move(stats.opCounts);
  // The document of what ran, whether the run ended or was stopped.
  ResultDoc& doc = out.doc;
  doc.version = kVersion;
  doc.status = statusName(out.status.kind);
  doc.message = out.status.message;
  doc.configJson = configJson;
  doc.kernel = job.kernel.name;
  doc.arch = job.kernel.arch.llvmName;
  doc.mode = opt.mode;
  doc.grid = job.grid;
  doc.workgroup = job.workgroup;
  doc.stats.waves = stats.waves;
  doc.stats.instructions = stats.instructions;
  doc.stats.extra.emplace_back("workgroups", stats.workgroups);
  if (timing) {
    addTimingStats(tstats, doc.stats);
    addSummaryToResult(*out.summary, doc);
  }
  if (out.checker) doc.sections.emplace_back("checks", checksSectionJson(*out.checker));
  if (out.profile) {
    doc.sections.emplace_back("lgkm", stallSectionJson(*out.profile, StallSection::Lgkm));
    doc.sections.emplace_back("vm", stallSectionJson(*out.profile, StallSection::Vm));
    doc.sections.emplace_back("barrier", stallSectionJson(*out.profile, StallSection::Barrier));
    addProfileSections(*out.profile, out.listing, doc);
  }
  if (!opt.readBuffers) return out;
  for (const std::string& name : job.output) {
    for (size_t i = 0; i < job.buffers.size(); ++i) {
      if (job.buffers[i].name != name) continue;
      ResultBuffer rb{name, job.buffers[i].type, std::vector<uint8_t>(job.buffers[i].size)};
      mem.read(addresses[i], rb.bytes.data(), rb.bytes.size());
      doc.buffers.push_back(std::move(rb));
    }
  }
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
  }
  return kExitFault;
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
  // runJob takes the buffers' bytes; keep what the summary prints.
  const isa::Gen gen = job.kernel.arch.gen;
  const auto grid = job.grid, workgroup = job.workgroup;
  uint64_t workgroups = 1;
  for (int i = 0; i < 3; ++i) workgroups *= (grid[i] + workgroup[i] - 1) / workgroup[i];

  RunOutcome out;
  {
    std::optional<ProgressLine> progress;
    if (!opt.quiet && (opt.progress || ::isatty(STDERR_FILENO)))
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
  std::fprintf(summary, "grid          %u x %u x %u, workgroup %u x %u x %u: %llu workgroups, %llu waves\n",
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
