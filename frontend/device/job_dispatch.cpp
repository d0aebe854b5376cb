// A job run through a Device (job_dispatch.hpp).
#include "frontend/device/job_dispatch.hpp"

#include <cstring>

#include "frontend/common/error.hpp"

namespace gcnsim::frontend {
namespace {

// `bits` of an integer type plus n. The job parser allows "iteration" on
// integer values only and refuses one whose last pass would leave the type's
// range, so the mask only drops the carry of a negative value's bits (i8 -1
// is 0xff: plus 1 is 0x100, i.e. 0).
uint64_t addIteration(ElemType type, uint64_t bits, uint64_t n) {
  const size_t bytes = elemTypeSize(type);
  const uint64_t mask = bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * bytes)) - 1;
  return (bits + n) & mask;
}

}  // namespace

DeviceOptions deviceOptions(const Job& job, const RunOptions& opt) {
  DeviceOptions d;
  d.arch = job.kernel.arch.llvmName;
  d.config = opt.config;
  d.sets = opt.sets;
  d.threads = std::max(opt.threads, 1u);
  d.limits = opt.limits;
  return d;
}

LaunchOptions launchOptions(const RunOptions& opt) {
  LaunchOptions l;
  l.mode = opt.mode;
  l.trace = opt.trace;
  l.traceFormat = opt.traceFormat;
  l.traceWaves = opt.traceWaves;
  l.traceCycles = opt.traceCycles;
  l.traceCu = opt.traceCu;
  l.reports = opt.reports;
  l.checks = opt.checks;
  l.maxInstructions = opt.maxInstructions;
  l.maxCycles = opt.maxCycles;
  l.control = opt.control;
  return l;
}

std::vector<gcnsim::KernelArg> kernelArgs(const Device& dev, const std::vector<ArgSpec>& args,
                                          uint64_t iteration) {
  std::vector<gcnsim::KernelArg> out;
  for (const ArgSpec& a : args) {
    switch (a.kind) {
      case ArgSpec::Kind::Buffer: {
        const BufferHandle* b = dev.findBuffer(a.buffer);
        if (!b) throw InputError("args: no buffer \"" + a.buffer + "\"");
        out.push_back(gcnsim::KernelArg::of(*b));
        break;
      }
      case ArgSpec::Kind::Value: {
        gcnsim::KernelArg k;
        k.kind = gcnsim::KernelArg::Value;
        if (!a.bytes.empty()) {
          k.bytes = a.bytes;
          out.push_back(std::move(k));
          break;
        }
        k.bytes.resize(elemTypeSize(a.type));
        const uint64_t bits = a.iteration ? addIteration(a.type, a.bits, iteration) : a.bits;
        std::memcpy(k.bytes.data(), &bits, k.bytes.size());
        out.push_back(std::move(k));
        break;
      }
      case ArgSpec::Kind::Local: out.push_back(gcnsim::KernelArg::local(a.localBytes)); break;
    }
  }
  return out;
}

RunOutcome outcomeOf(DispatchResult&& r) {
  RunOutcome o;
  o.status = std::move(r.status);
  o.doc = std::move(r.doc);
  o.seconds = r.seconds;
  o.cpuSeconds = r.cpuSeconds;
  o.opCounts = std::move(r.opCounts);
  o.cycles = r.cycles;
  o.configName = std::move(r.configName);
  o.summary = std::move(r.summary);
  o.profile = std::move(r.profile);
  o.listing = std::move(r.listing);
  o.threads = r.threads;
  o.singleThreadReason = std::move(r.singleThreadReason);
  o.checker = std::move(r.checker);
  return o;
}

void readOutputs(const Device& dev, const Job& job, ResultDoc& doc) {
  for (const std::string& name : job.output) {
    const BufferSpec* spec = job.findBuffer(name);
    const BufferHandle* b = dev.findBuffer(name);
    if (!spec || !b) continue;
    ResultBuffer rb{name, spec->type, std::vector<uint8_t>(b->bytes)};
    dev.read(*b, 0, rb.bytes.data(), rb.bytes.size());
    doc.buffers.push_back(std::move(rb));
  }
}

}  // namespace gcnsim::frontend
