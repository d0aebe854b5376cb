#include "frontend/run_cmd.hpp"

#include <spdlog/spdlog.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "frontend/error.hpp"
#include "frontend/job.hpp"
#include "frontend/kernel_launch.hpp"
#include "frontend/result.hpp"
#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "memory/lds.hpp"
#include "memory/memory_error.hpp"
#include "sim/dispatch.hpp"

namespace po = boost::program_options;

namespace gcnsim::frontend {
namespace {

// Simulated device memory: large enough for any job whose buffers pass
// loadJob's limit, plus code, kernargs and scratch.
constexpr uint64_t kDeviceMemoryBytes = uint64_t{8} << 30;

RunOptions parseOptions(const std::vector<std::string>& args, bool& help) {
  RunOptions o;
  po::options_description desc("gcnsim run JOB.json [options]");
  desc.add_options()("help,h", "show this help")("result", po::value(&o.result), "write the result document (JSON)")(
      "out", po::value(&o.outDir), "write each reported buffer as raw bytes DIR/NAME.bin")(
      "mode", po::value(&o.mode), "functional (the timing model is not built yet)")(
      "arch", po::value(&o.arch), "check that the kernel is for this architecture")(
      "max-instructions", po::value(&o.maxInstructions), "watchdog: stop after this many wave-instructions")(
      "log-level", po::value(&o.logLevel), "trace, debug, info, warn, error")("verbose,v", "same as --log-level info")(
      "job", po::value(&o.job), "job file");
  po::positional_options_description pos;
  pos.add("job", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(desc).positional(pos).run(), vm);
  po::notify(vm);
  help = vm.count("help") > 0;
  if (help) {
    std::cout << desc;
    return o;
  }
  if (vm.count("verbose")) o.logLevel = "info";
  if (o.job.empty()) throw InputError("run: missing JOB (a job file, see README \"Job file\")");
  if (o.mode != "functional")
    throw InputError("--mode: \"" + o.mode + "\" is not available (this build has only --mode functional)");
  return o;
}

}  // namespace

RunOutcome runJob(const Job& job, const RunOptions& opt) {
  if (!opt.arch.empty()) {
    auto want = isa::parseArch(opt.arch);
    if (!want) throw InputError("--arch: unknown architecture \"" + opt.arch + "\" (expected one of " +
                                isa::knownArchNames() + ")");
    if (want->gen != job.kernel.arch.gen)
      throw InputError("--arch " + opt.arch + ": the kernel is for " + job.kernel.arch.llvmName);
  }

  memory::GlobalMemory mem(kDeviceMemoryBytes);
  memory::Gds gds;
  sim::ExecEnv env;
  env.global = &mem;
  env.gds = &gds;

  std::vector<uint64_t> addresses;
  for (const BufferSpec& b : job.buffers) {
    const uint64_t a = mem.allocate(std::max<size_t>(b.bytes.size(), 1), 256, b.name);
    mem.write(a, b.bytes.data(), b.bytes.size());
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
    LaunchGeometry geo{job.grid, job.workgroup, job.grid[2] > 1 ? 3u : job.grid[1] > 1 ? 2u : 1u};
    spec = prepareCodeObjectLaunch(mem, env, *job.codeObject, job.kernelInfo(), values, geo, layout);
  } else {
    spec = prepareRawLaunch(mem, env, job, addresses);
  }
  if (spec.ldsBytes > memory::Lds::kMaxBytes)
    throw InputError(job.path.string() + ": the kernel needs " + std::to_string(spec.ldsBytes) +
                     " bytes of LDS per workgroup (at most " + std::to_string(memory::Lds::kMaxBytes) + ")");

  RunOutcome out;
  const auto t0 = std::chrono::steady_clock::now();
  sim::DispatchStats stats;
  out.status = sim::runFunctional(spec, env, opt.maxInstructions, stats);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.opCounts = std::move(stats.opCounts);
  if (!out.status.ok()) return out;

  ResultDoc& doc = out.doc;
  doc.kernel = job.kernel.name;
  doc.arch = job.kernel.arch.llvmName;
  doc.mode = opt.mode;
  doc.grid = job.grid;
  doc.workgroup = job.workgroup;
  doc.stats.waves = stats.waves;
  doc.stats.instructions = stats.instructions;
  doc.stats.extra.emplace_back("workgroups", stats.workgroups);
  for (const std::string& name : job.output) {
    for (size_t i = 0; i < job.buffers.size(); ++i) {
      if (job.buffers[i].name != name) continue;
      ResultBuffer rb{name, job.buffers[i].type, std::vector<uint8_t>(job.buffers[i].bytes.size())};
      mem.read(addresses[i], rb.bytes.data(), rb.bytes.size());
      doc.buffers.push_back(std::move(rb));
    }
  }
  return out;
}

int runCommand(const std::vector<std::string>& args) {
  bool help = false;
  const RunOptions opt = parseOptions(args, help);
  if (help) return kExitOk;
  spdlog::set_level(spdlog::level::from_str(opt.logLevel));
  const Job job = loadJob(opt.job);
  const RunOutcome out = runJob(job, opt);
  if (!out.status.ok()) {
    std::cerr << "gcnsim: " << (out.status.kind == sim::RunStatus::Watchdog ? "watchdog: " : "fault: ")
              << out.status.message << '\n';
    return kExitFault;
  }
  const ResultDoc& doc = out.doc;
  if (!opt.result.empty()) writeResultJson(opt.result, doc);
  if (!opt.outDir.empty()) writeRawBuffers(opt.outDir, doc.buffers);
  const auto wg = doc.stats.extra.empty() ? 0 : doc.stats.extra[0].second;
  std::printf("kernel        %s (%s, %s)\n", doc.kernel.c_str(), doc.arch.c_str(),
              std::string(isa::genName(job.kernel.arch.gen)).c_str());
  std::printf("grid          %u x %u x %u, workgroup %u x %u x %u: %llu workgroups, %llu waves\n", job.grid[0],
              job.grid[1], job.grid[2], job.workgroup[0], job.workgroup[1], job.workgroup[2],
              static_cast<unsigned long long>(wg), static_cast<unsigned long long>(doc.stats.waves));
  std::printf("mode          %s\n", doc.mode.c_str());
  std::printf("instructions  %llu wave-instructions\n", static_cast<unsigned long long>(doc.stats.instructions));
  std::printf("wall time     %.3f s\n", out.seconds);
  if (!opt.result.empty()) std::printf("result        %s\n", opt.result.c_str());
  return kExitOk;
}

}  // namespace gcnsim::frontend
