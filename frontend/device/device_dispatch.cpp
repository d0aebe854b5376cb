// Device::dispatch (device.hpp): a kernel's launch prepared in the device's
// memory, run in functional or timing mode, and its result document.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "frontend/cli/output_paths.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "frontend/cli/version.hpp"
#include "frontend/common/error.hpp"
#include "frontend/device/device.hpp"
#include "frontend/device/device_impl.hpp"
#include "frontend/device/dispatch_args.hpp"
#include "frontend/device/dispatch_result.hpp"
#include "frontend/report/check_report.hpp"
#include "frontend/report/timing_report.hpp"
#include "frontend/trace/trace_filter.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "memory/lds.hpp"
#include "sim/dispatch.hpp"
#include "sim/timing/dispatcher.hpp"
#include "sim/timing/timing_engine.hpp"

namespace gcnsim {

using frontend::InputError;

namespace {

// CPU time of every thread of the process, for DispatchResult::cpuSeconds.
double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Scratch backing memory: one private segment per lane of every wave that
// can be resident at once (timing: every wave slot; functional: one
// work-group per thread, fewer threads if that would exceed the limit),
// computed in 64 bits before anything is allocated. Returns the threads.
unsigned checkScratch(const Kernel& k, const std::array<uint32_t, 3>& workgroup, bool timing,
                      const sim::timing::GpuConfig& gpu, unsigned threads, const frontend::Limits& limits) {
  if (k.raw()) return threads;
  const frontend::KernelInfo& info = k.info();
  const uint64_t perLane =
      (std::max(info.privateSegmentSize, info.kd.privateSegmentFixedSize) + 3u) & ~uint64_t{3};
  const uint64_t wgItems = uint64_t{workgroup[0]} * workgroup[1] * workgroup[2];
  const uint64_t waves =
      std::max<uint64_t>(timing ? uint64_t{gpu.cus} * gpu.cu.simds * gpu.cu.waveSlotsPerSimd : 0,
                         (wgItems + sim::kWaveSize - 1) / sim::kWaveSize);
  const uint64_t bytes = waves * perLane * sim::kWaveSize;
  if (!timing && bytes)
    threads = static_cast<unsigned>(std::clamp<uint64_t>(limits.maxScratchBytes / bytes, 1, threads));
  if (bytes > limits.maxScratchBytes)
    throw InputError(k.where + ": kernel " + info.name + " needs " + std::to_string(bytes) +
                     " bytes of scratch (" + std::to_string(perLane) + " per work-item x 64 lanes x " +
                     std::to_string(waves) + " resident waves), more than the limit of " +
                     std::to_string(limits.maxScratchBytes) + " (--max-scratch-bytes)");
  return threads;
}

}  // namespace

void checkLaunchOptions(const LaunchOptions& o, OptionNames names) {
  const bool cli = names == OptionNames::Cli;
  // The API's name and the CLI's: "max_cycles" / "--max-cycles", "reports" / "--report".
  auto name = [cli](std::string api) {
    if (!cli) return api;
    if (api == "reports" || api == "checks") api.pop_back();
    std::replace(api.begin(), api.end(), '_', '-');
    return "--" + api;
  };
  const std::string needsTiming = cli ? ": needs --mode timing" : ": needs mode timing";
  if (o.mode != "functional" && o.mode != "timing")
    throw InputError(name("mode") + ": \"" + o.mode + "\" is not a mode (expected timing or functional)");
  static const char* const kReports[] = {"stalls", "listing", "lines", "stats"};
  for (const std::string& r : o.reports)
    if (std::find(std::begin(kReports), std::end(kReports), r) == std::end(kReports))
      throw InputError(name("reports") + ": \"" + r +
                       "\" is not a report (expected stalls, listing, lines or stats)");
  if (o.trace.empty()) {
    // A trace filter without a trace had been ignored, unchecked. (Named as the filter parsers name them.)
    if (!o.traceWaves.empty()) throw InputError("--trace-waves: needs --trace");
    if (!o.traceCycles.empty()) throw InputError("--trace-cycles: needs --trace");
    if (o.traceCu) throw InputError("--trace-cu: needs --trace");
    if (o.traceFormat != "text") throw InputError("--trace-format: needs --trace");
  }
  if (o.checks.fatal && !o.checks.any()) throw InputError(name("check_fatal") + ": needs " + name("checks"));
  if (o.workDims > 3)
    throw InputError("work_dims: " + std::to_string(o.workDims) +
                     " is not a number of grid dimensions (1 to 3)");
  if (o.mode != "functional") return;
  if (!o.trace.empty()) throw InputError(name("trace") + needsTiming);
  if (!o.reports.empty()) throw InputError(name("reports") + " " + o.reports[0] + needsTiming);
  // Functional mode counts no cycles: a cycle budget there had been accepted and ignored.
  if (o.maxCycles) throw InputError(name("max_cycles") + needsTiming);
}

namespace {

// The trace file (written while the kernel runs): a writable path that is none of the run's inputs, the
// kernel's file and the config file -- the check `gcnsim run` makes of --trace (output_paths.hpp), so
// that an API caller's trace cannot overwrite them either.
void checkTraceFile(const Device::Impl& dev, const Kernel& k, const std::string& trace) {
  frontend::checkOutputFile("trace", trace);
  std::vector<frontend::NamedFile> inputs;
  if (!k.spec.file.empty())
    inputs.push_back(
        {k.raw() ? "the kernel's raw code file" : "the kernel's code object file", k.spec.file.string()});
  if (!dev.configFile.empty()) inputs.push_back({"config", dev.configFile});
  frontend::checkOutputsApart({{"trace", trace}}, inputs);
}

// What dispatch() checks before it places anything: the options, the
// geometry, the arguments (their launch values) and the scratch (the threads).
struct CheckedLaunch {
  std::vector<frontend::ArgValue> values;
  unsigned threads = 1;
  unsigned workDims = 1;  // get_work_dim()
};
CheckedLaunch checkLaunch(const Device::Impl& dev, const KernelRef& kernel,
                          const std::array<uint32_t, 3>& grid, const std::array<uint32_t, 3>& workgroup,
                          const std::vector<KernelArg>& args, const LaunchOptions& opt) {
  if (!kernel || kernel->owner != &dev)
    throw InputError("dispatch: the kernel was not loaded by this device");
  const Kernel& k = *kernel;
  checkLaunchOptions(opt);
  if (!opt.trace.empty()) checkTraceFile(dev, k, opt.trace);
  checkGeometry(k, grid, workgroup, dev.options.limits);
  CheckedLaunch out;
  out.values = launchValues(dev, k, args);
  out.threads = checkScratch(k, workgroup, opt.mode == "timing", dev.gpu, dev.threads, dev.options.limits);
  // The grid's dimensions (get_work_dim): as the launch names them, else from the sizes.
  const unsigned sizedDims = grid[2] > 1 ? 3u : grid[1] > 1 ? 2u : 1u;
  if (opt.workDims && opt.workDims < sizedDims)
    throw InputError("work_dims: " + std::to_string(opt.workDims) + ", but the grid's " +
                     "xyz"[sizedDims - 1] + " size is " + std::to_string(grid[sizedDims - 1]) +
                     " (a dimension beyond work_dims is 1)");
  out.workDims = opt.workDims ? opt.workDims : sizedDims;
  return out;
}

}  // namespace

void Device::checkDispatch(const KernelRef& kernel, std::array<uint32_t, 3> grid,
                           std::array<uint32_t, 3> workgroup, const std::vector<KernelArg>& args,
                           const LaunchOptions& opt) const {
  const Impl& dev = *impl_;
  const CheckedLaunch launch = checkLaunch(dev, kernel, grid, workgroup, args, opt);
  const Kernel& k = *kernel;
  const uint32_t lds = k.raw() ? frontend::rawLdsBytes(k.spec, launch.values)
                               : frontend::codeObjectLdsBytes(*k.codeObject, k.info(), launch.values);
  if (opt.mode != "timing") return;
  // The first workgroup is the largest (only the last one in a dimension may be partial).
  std::array<uint32_t, 3> first{};
  for (int i = 0; i < 3; ++i) first[i] = std::min(grid[i], workgroup[i]);
  const uint32_t vgprs =
      k.raw() ? (k.spec.vgprs ? k.spec.vgprs : 256) : frontend::codeObjectVgprs(k.info().kd);
  if (const std::string e = sim::timing::workgroupFitProblem(dev.gpu, sim::wavesPerWorkgroup(first), vgprs,
                                                             k.sgprsPerWave(), lds);
      !e.empty())
    throw InputError("config " + dev.gpu.name + ": " + e);  // as dispatch() reports a refused run
}

DispatchResult Device::dispatch(const KernelRef& kernel, std::array<uint32_t, 3> grid,
                                std::array<uint32_t, 3> workgroup, const std::vector<KernelArg>& args,
                                const LaunchOptions& opt) {
  Impl& dev = *impl_;
  const CheckedLaunch launch = checkLaunch(dev, kernel, grid, workgroup, args, opt);
  const Kernel& k = *kernel;
  const std::vector<frontend::ArgValue>& values = launch.values;
  const bool timing = opt.mode == "timing";
  const sim::timing::GpuConfig& gpu = dev.gpu;
  const unsigned threads = launch.threads;
  const unsigned workDims = launch.workDims;

  sim::ExecEnv env;
  env.global = &dev.mem;
  env.gds = &dev.gds;
  // Code objects run as ROCm runs them, with unaligned buffer addresses (sim::ExecEnv::unalignedBuffers).
  env.unalignedBuffers = !k.raw();
  sim::DispatchSpec spec;
  if (!k.raw()) {
    uint64_t& image = dev.imageBases[k.codeObject.get()];
    if (!k.layout.loadBase) k.layout.loadBase = image;
    frontend::LaunchGeometry geo{
        grid, workgroup, workDims,
        timing ? sim::timing::timingScratchSlots(gpu) : threads * sim::wavesPerWorkgroup(workgroup)};
    spec = frontend::prepareCodeObjectLaunch(dev.mem, env, *k.codeObject, k.info(), values, geo, k.layout);
    image = k.layout.loadBase;
  } else {
    auto bufferOf = [&dev](const std::string& name) -> std::optional<frontend::SetupBuffer> {
      const auto it = dev.buffers.find(name);
      if (it == dev.buffers.end()) return std::nullopt;
      return frontend::SetupBuffer{it->second.address, it->second.bytes};
    };
    spec = frontend::prepareRawLaunch(dev.mem, env, k.spec, k.rawCode, values, grid, workgroup, bufferOf,
                                      k.layout);
  }
  if (spec.ldsBytes > memory::Lds::kMaxBytes)
    throw InputError(k.where + ": the kernel needs " + std::to_string(spec.ldsBytes) +
                     " bytes of LDS per workgroup (at most " + std::to_string(memory::Lds::kMaxBytes) + ")");

  // The watchdog (README "Watchdog"): the limits given, else the defaults for the grid.
  const uint64_t totalWorkgroups = [&] {
    const auto c = sim::workgroupCounts(spec);
    return uint64_t{c[0]} * c[1] * c[2];
  }();
  const uint64_t maxInstructions = opt.maxInstructions.value_or(
      frontend::defaultMaxInstructions(sim::wavesBeforeWorkgroup(spec, totalWorkgroups)));
  const uint64_t maxCycles = opt.maxCycles.value_or(frontend::defaultMaxCycles(maxInstructions));

  DispatchResult out;
  if (opt.checks.any()) out.checker = frontend::makeChecker(opt.checks, spec, dev.mem, env);
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
    topt.sgprsPerWave = k.sgprsPerWave();
    topt.threads = threads;
    topt.warm = &dev.warm;
    // Sinks: the profile sees every event, the trace writer what the filter passes.
    sim::trace::TeeSink tee;
    if (wantsReport(opt, "stalls") || wantsReport(opt, "listing") || wantsReport(opt, "lines")) {
      out.profile = std::make_shared<frontend::StallProfile>(spec.gen, spec.entryPc);
      tee.add(out.profile.get());
    }
    std::unique_ptr<frontend::TraceWriter> writer;
    std::unique_ptr<frontend::FilterSink> filter;
    if (!opt.trace.empty()) {
      frontend::TraceFilter f;
      if (!opt.traceWaves.empty()) f.waves = frontend::parseWaveList(opt.traceWaves);
      if (!opt.traceCycles.empty()) std::tie(f.from, f.to) = frontend::parseCycleRange(opt.traceCycles);
      if (opt.traceCu && *opt.traceCu >= gpu.cus)  // (the trace would be empty)
        throw InputError("--trace-cu: " + std::to_string(*opt.traceCu) + " is not a CU of " + gpu.name +
                         " (0 to " + std::to_string(gpu.cus - 1) + ")");
      f.cu = opt.traceCu;
      frontend::TraceContext ctx;
      ctx.gen = spec.gen;
      ctx.entryPc = spec.entryPc;
      ctx.kernel = k.spec.name;
      ctx.arch = k.spec.arch.llvmName;
      ctx.config = gpu.name;
      ctx.slotsPerSimd = gpu.cu.waveSlotsPerSimd;
      ctx.version = frontend::kVersion;
      ctx.configJson = dev.configJson;
      writer = frontend::makeTraceWriter(opt.traceFormat, opt.trace, ctx);
      filter = std::make_unique<frontend::FilterSink>(std::move(f), *writer);
      tee.add(filter.get());
    }
    if (out.profile || writer) topt.sink = &tee;
    if (out.checker && writer)
      out.checker->setTraceSink(filter.get(), &env.clock);  // findings as trace events
    out.status = sim::timing::runTiming(spec, env, gpu, topt, tstats);
    if (writer) writer->close();
    if (out.status.kind == sim::RunStatus::Refused)  // the config cannot hold the kernel: nothing ran
      throw InputError("config " + gpu.name + ": " + out.status.message);
    if (wantsReport(opt, "listing") || wantsReport(opt, "lines"))
      out.listing = kernelListing(k, spec, dev.mem, *out.profile);
    out.summary = frontend::summarizeTiming(tstats, gpu);
    out.configName = gpu.name;
    stats.workgroups = tstats.workgroups;
    stats.waves = tstats.waves;
    stats.instructions = tstats.instructions;
    stats.opCounts = std::move(tstats.opCounts);
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
  fillResult(dev, k, grid, workgroup, opt.mode, stats, timing ? &tstats : nullptr, out);

  DeviceTotals& t = dev.totals;
  ++t.dispatches;
  t.cycles += out.cycles;
  t.instructions += out.instructions;
  t.waves += out.waves;
  t.workgroups += out.workgroups;
  t.seconds += out.seconds;
  return out;
}

}  // namespace gcnsim
