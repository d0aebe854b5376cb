// A multi-step job's steps on a Device (job_steps_run.hpp).
#include "frontend/device/job_steps_run.hpp"

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "frontend/cli/version.hpp"
#include "frontend/common/error.hpp"
#include "frontend/device/job_dispatch.hpp"

namespace gcnsim::frontend {
namespace {

class StepRunner {
 public:
  StepRunner(Device& dev, const Job& job, const RunOptions& opt)
      : dev_(dev), job_(job), launch_(launchOptions(opt)) {
    for (const JobKernel& k : job.kernels)
      kernels_.push_back(dev.loadKernel(k.kernel, k.codeObject, k.rawCode, job.path.string()));
    checkDispatches(job.steps);
  }

  // Runs `steps` (whose results are named from `prefix`); false once the job has stopped.
  bool run(const std::vector<Step>& steps, const std::string& prefix, uint64_t iteration) {
    for (size_t i = 0; i < steps.size(); ++i) {
      const Step& s = steps[i];
      const std::string path = prefix + "steps[" + std::to_string(i) + "]";
      // SIGINT / SIGTERM between steps (a dispatch checks it itself): a loop of host actions stops too.
      if (launch_.control && launch_.control->stopRequested()) {
        out_.status = {sim::RunStatus::Interrupted, path + ": interrupted before this step"};
        return false;
      }
      switch (s.kind) {
        case Step::Kind::Dispatch:
          if (!dispatch(s, path, iteration)) return false;
          break;
        case Step::Kind::Repeat:
          if (!repeat(s, path)) return false;
          break;
        case Step::Kind::Fill:
        case Step::Kind::Set: fill(s); break;
        case Step::Kind::Copy: copy(s); break;
      }
    }
    return true;
  }

  RunOutcome finish() {
    ResultDoc& doc = out_.doc;
    if (!dispatched_) {
      doc.version = kVersion;
      doc.mode = launch_.mode;
      doc.arch = job_.kernel.arch.llvmName;
      doc.stats.extra.emplace_back("workgroups", 0);
    }
    std::string names;
    for (const JobKernel& k : job_.kernels) names += (names.empty() ? "" : ", ") + k.kernel.name;
    doc.kernel = names;
    doc.grid = job_.grid;
    doc.workgroup = job_.workgroup;
    doc.status = statusName(out_.status.kind);
    doc.message = out_.status.message;
    doc.statsJson.clear();  // ratios of one dispatch do not add up
    doc.sections.clear();
    const DeviceTotals& t = dev_.totals();
    doc.sections.emplace_back("steps", records_.dump());
    doc.sections.emplace_back("totals", nlohmann::json{{"dispatches", t.dispatches},
                                                       {"cycles", t.cycles},
                                                       {"instructions", t.instructions},
                                                       {"waves", t.waves},
                                                       {"workgroups", t.workgroups}}
                                            .dump());
    out_.cycles = t.cycles;
    out_.dispatches = t.dispatches;
    return std::move(out_);
  }

 private:
  // Runs `f`; an InputError it throws ("JOB: problem", or a problem naming no file) is rethrown as
  // "JOB: STEP: problem".
  template <class F>
  auto namingStep(const std::string& step, F&& f) const {
    try {
      return f();
    } catch (const InputError& e) {
      const std::string job = job_.path.string() + ": ";
      std::string m = e.what();
      if (m.starts_with(job)) m.erase(0, job.size());
      throw InputError(job + step + ": " + m);
    }
  }

  // Every dispatch step's kernel, geometry, arguments, LDS, scratch and (timing mode) fit on the GPU
  // config, before the first step runs: a later step's had stopped the job after earlier ones ran, with
  // no result written. (Once per step: a repeat's passes differ in "iteration" values only.)
  void checkDispatches(const std::vector<Step>& steps) const {
    for (const Step& s : steps) {
      if (s.kind == Step::Kind::Repeat) checkDispatches(s.steps);
      if (s.kind != Step::Kind::Dispatch) continue;
      namingStep(s.path, [&] {
        dev_.checkDispatch(kernels_[s.kernel], s.grid, s.workgroup, kernelArgs(dev_, s.args), launchOf(s));
      });
    }
  }

  // The run's launch options with the step's grid dimensions (get_work_dim).
  LaunchOptions launchOf(const Step& s) const {
    LaunchOptions launch = launch_;
    launch.workDims = s.gridDims;
    return launch;
  }

  bool dispatch(const Step& s, const std::string& path, uint64_t iteration) {
    DispatchResult r = namingStep(path, [&] {
      return dev_.dispatch(kernels_[s.kernel], s.grid, s.workgroup, kernelArgs(dev_, s.args, iteration),
                           launchOf(s));
    });
    records_.push_back({{"step", path},
                        {"kernel", job_.kernels[s.kernel].key},
                        {"cycles", r.cycles},
                        {"instructions", r.instructions},
                        {"status", statusName(r.status.kind)}});
    add(r);
    if (r.status.ok()) return true;
    out_.status = {r.status.kind, path + ": " + r.status.message};
    return false;
  }

  // Sums a dispatch into the job's outcome: the first dispatch's document is
  // the template, later ones add their counters.
  void add(DispatchResult& r) {
    out_.seconds += r.seconds;
    out_.cpuSeconds += r.cpuSeconds;
    out_.threads = r.threads;
    out_.configName = r.configName;
    if (out_.opCounts.size() < r.opCounts.size()) out_.opCounts.resize(r.opCounts.size());
    for (size_t i = 0; i < r.opCounts.size(); ++i) out_.opCounts[i] += r.opCounts[i];
    ResultStats& st = out_.doc.stats;
    if (!dispatched_) {
      out_.doc = std::move(r.doc);
      dispatched_ = true;
      return;
    }
    st.waves += r.doc.stats.waves;
    st.instructions += r.doc.stats.instructions;
    st.cycles += r.doc.stats.cycles;
    for (size_t i = 0; i < st.extra.size() && i < r.doc.stats.extra.size(); ++i) {
      auto& [key, value] = st.extra[i];
      const uint64_t v = r.doc.stats.extra[i].second;
      value = key.starts_with("max_") ? std::max(value, v) : value + v;  // a peak is not a sum
    }
  }

  bool repeat(const Step& s, const std::string& path) {
    const uint64_t passes = s.until ? s.max : s.count;
    for (uint64_t n = 0; n < passes; ++n) {
      if (!run(s.steps, path + ".repeat[" + std::to_string(n) + "].", n)) return false;
      if (s.until && elementBits(s.buffer, s.index) == s.bits) return true;
    }
    if (!s.until) return true;
    out_.status = {sim::RunStatus::Watchdog,
                   path + ".repeat: until " + s.buffer + "[" + std::to_string(s.index) +
                       "] equals its value: not reached in " + std::to_string(s.max) + " passes (max)"};
    return false;
  }

  uint64_t elementBits(const std::string& buffer, uint64_t index) const {
    const BufferHandle& b = *dev_.findBuffer(buffer);
    const size_t size = elemTypeSize(job_.findBuffer(buffer)->type);
    uint64_t bits = 0;
    dev_.read(b, index * size, &bits, size);
    return bits;
  }

  void fill(const Step& s) {
    const BufferHandle& b = *dev_.findBuffer(s.buffer);
    const size_t size = elemTypeSize(job_.findBuffer(s.buffer)->type);
    std::vector<uint8_t> bytes(s.elements * size);
    for (uint64_t i = 0; i < s.elements; ++i) std::memcpy(bytes.data() + i * size, &s.bits, size);
    dev_.write(b, s.index * size, bytes.data(), bytes.size());
  }

  void copy(const Step& s) {
    const BufferHandle& from = *dev_.findBuffer(s.buffer);
    std::vector<uint8_t> bytes(from.bytes);
    dev_.read(from, 0, bytes.data(), bytes.size());
    dev_.write(*dev_.findBuffer(s.to), 0, bytes.data(), bytes.size());
  }

  Device& dev_;
  const Job& job_;
  const LaunchOptions launch_;
  std::vector<KernelRef> kernels_;
  RunOutcome out_;
  nlohmann::json records_ = nlohmann::json::array();
  bool dispatched_ = false;
};

}  // namespace

RunOutcome runSteps(Device& dev, const Job& job, const RunOptions& opt) {
  StepRunner runner(dev, job, opt);
  runner.run(job.steps, "", 0);
  return runner.finish();
}

}  // namespace gcnsim::frontend
