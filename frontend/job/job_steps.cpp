// A multi-step job's "kernels" and "steps" (README "Job file", "Steps").
#include <algorithm>
#include <optional>

#include "frontend/job/job_parts.hpp"

namespace gcnsim::frontend {
namespace {

// Repeats nest at most this deep (each level is a JSON object and an array).
constexpr unsigned kMaxStepDepth = 16;

std::string kernelKeys(const Job& job) {
  std::string s;
  for (const JobKernel& k : job.kernels) s += (s.empty() ? "" : ", ") + k.key;
  return s;
}

const BufferSpec& requireBuffer(const JobContext& ctx, const JobJson& v, const std::string& field,
                                const Job& job) {
  const std::string name = ctx.requireString(v, field);
  const BufferSpec* b = job.findBuffer(name);
  if (!b) {
    std::string names;
    for (const BufferSpec& x : job.buffers) names += (names.empty() ? "" : ", ") + x.name;
    ctx.fail(field, "no buffer " + JobContext::quoted(name) + " (buffers: " + names + ")");
  }
  return *b;
}

uint64_t requireIndex(const JobContext& ctx, const JobJson& v, const std::string& field,
                      const BufferSpec& b) {
  const uint64_t i = ctx.requireUint(v, field, 0, ~uint64_t{0});
  if (i >= b.count())
    ctx.fail(field, std::to_string(i) + " is out of range (buffer " + JobContext::quoted(b.name) + " has " +
                        std::to_string(b.count()) + " elements)");
  return i;
}

// An "iteration" argument adds the innermost enclosing repeat's pass index, 0 to passes - 1: refused
// outside a repeat (there is no index to add; it had added 0), and when the last pass's value would leave
// the type's range (it had wrapped around: an i8 126 became -128 on the third pass).
void checkIterationArgs(const JobContext& ctx, const std::string& path, const std::vector<ArgSpec>& args,
                        std::optional<uint64_t> passes) {
  for (size_t i = 0; i < args.size(); ++i) {
    const ArgSpec& a = args[i];
    if (!a.iteration) continue;
    const std::string field = path + ".args[" + std::to_string(i) + "].iteration";
    if (!passes)
      ctx.fail(field, "outside any repeat (it adds the innermost enclosing repeat's iteration index)");
    if (*passes == 0) continue;
    const __int128 value = intBitsToValue(a.bits, a.type), last = value + (*passes - 1);
    if (last > elemTypeMax(a.type))
      ctx.fail(field, int128ToString(value) + " + " + std::to_string(*passes - 1) + " (the last of " +
                          std::to_string(*passes) + " passes) = " + int128ToString(last) +
                          " is out of range for " + std::string(elemTypeName(a.type)) + " (at most " +
                          int128ToString(elemTypeMax(a.type)) + ")");
  }
}

Step parseDispatch(const JobContext& ctx, const JobJson& v, const std::string& path, const Job& job,
                   const Limits& limits, std::optional<uint64_t> passes) {
  ctx.checkKeys(v, path, {"dispatch", "grid", "workgroup", "args"});
  Step s;
  s.kind = Step::Kind::Dispatch;
  const std::string name = ctx.requireString(v["dispatch"], path + ".dispatch");
  const auto it =
      std::find_if(job.kernels.begin(), job.kernels.end(), [&](const JobKernel& k) { return k.key == name; });
  if (it == job.kernels.end())
    ctx.fail(path + ".dispatch",
             "no kernel " + JobContext::quoted(name) + " (kernels: " + kernelKeys(job) + ")");
  s.kernel = static_cast<size_t>(it - job.kernels.begin());
  const JobKernel& k = *it;
  s.grid = parseDims(ctx, ctx.requireKey(v, "grid", path), path + ".grid");
  s.gridDims = static_cast<unsigned>(v["grid"].size());
  s.workgroup = parseDims(ctx, ctx.requireKey(v, "workgroup", path), path + ".workgroup");
  const KernelInfo* info = k.codeObject ? &k.kernelInfo() : nullptr;
  checkGeometry(ctx, path + ".", s.grid, s.workgroup, info, limits);
  if (const JobJson* a = ctx.optionalKey(v, "args")) {
    ctx.requireArray(*a, path + ".args");
    const auto meta = info ? info->explicitArgs() : std::vector<const KernelArg*>{};
    // Too many arguments: the count first, as an extra one has no metadata to take its type from.
    if (info && a->size() > meta.size())
      checkArgShapes(ctx.file() + ": " + path, *info, std::vector<ArgShape>(a->size()), "the step");
    for (size_t i = 0; i < a->size(); ++i) {
      s.args.push_back(parseArg(ctx, (*a)[i], path + ".args[" + std::to_string(i) + "]", job,
                                i < meta.size() ? meta[i] : nullptr, true));
      if (!info && !s.args.back().bytes.empty())
        failListForRawCode(ctx, path + ".args[" + std::to_string(i) + "]");
    }
  }
  if (info) checkArgShapes(ctx.file() + ": " + path, *info, argShapes(s.args), "the step");
  checkIterationArgs(ctx, path, s.args, passes);
  // Checked here, not when the step runs: a later step's LDS had stopped the job after earlier steps ran,
  // naming the code object instead of the step, and `gcnsim check` had passed it.
  checkLocalBlocks(ctx.file(), path + ".", info, info ? info->groupSegmentSize : k.kernel.ldsBytes, s.args);
  return s;
}

// `passes`: the passes of the innermost enclosing repeat (none at the top level).
std::vector<Step> parseStepList(const JobContext& ctx, const JobJson& v, const std::string& field,
                                const Job& job, const Limits& limits, unsigned depth,
                                std::optional<uint64_t> passes);

Step parseRepeat(const JobContext& ctx, const JobJson& v, const std::string& path, const Job& job,
                 const Limits& limits, unsigned depth) {
  const std::string field = path + ".repeat";
  ctx.requireObject(v, field);
  ctx.checkKeys(v, field, {"count", "until", "max", "steps"});
  Step s;
  s.kind = Step::Kind::Repeat;
  if (v.contains("count") == v.contains("until") || (v.contains("until") && !v.contains("max")))
    ctx.fail(field, "needs count, or until with max");
  if (v.contains("count")) {
    if (v.contains("max")) ctx.fail(field + ".max", "only with until");
    s.count = ctx.requireUint(v["count"], field + ".count", 0, ~uint64_t{0});
  } else {
    const JobJson& u = ctx.requireObject(v["until"], field + ".until");
    ctx.checkKeys(u, field + ".until", {"buffer", "index", "equals"});
    s.until = true;
    const BufferSpec& b =
        requireBuffer(ctx, ctx.requireKey(u, "buffer", field + ".until"), field + ".until.buffer", job);
    s.buffer = b.name;
    s.index = u.contains("index") ? requireIndex(ctx, u["index"], field + ".until.index", b) : 0;
    s.bits = ctx.elementBits(ctx.requireKey(u, "equals", field + ".until"), b.type, field + ".until.equals");
    s.max = ctx.requireUint(v["max"], field + ".max", 1, ~uint64_t{0});
  }
  s.steps = parseStepList(ctx, ctx.requireKey(v, "steps", field), field + ".steps", job, limits, depth + 1,
                          s.until ? s.max : s.count);
  return s;
}

Step parseHostStep(const JobContext& ctx, const JobJson& v, const std::string& path, const std::string& kind,
                   const Job& job) {
  const std::string field = path + "." + kind;
  ctx.requireObject(v, field);
  Step s;
  if (kind == "copy") {
    ctx.checkKeys(v, field, {"from", "to"});
    s.kind = Step::Kind::Copy;
    const BufferSpec& from = requireBuffer(ctx, ctx.requireKey(v, "from", field), field + ".from", job);
    const BufferSpec& to = requireBuffer(ctx, ctx.requireKey(v, "to", field), field + ".to", job);
    if (from.size != to.size)
      ctx.fail(field, "buffers " + JobContext::quoted(from.name) + " (" + std::to_string(from.size) +
                          " bytes) and " + JobContext::quoted(to.name) + " (" + std::to_string(to.size) +
                          " bytes) differ in size");
    s.buffer = from.name;
    s.to = to.name;
    return s;
  }
  const bool fill = kind == "fill";
  if (fill)
    ctx.checkKeys(v, field, {"buffer", "value", "from", "count"});
  else
    ctx.checkKeys(v, field, {"buffer", "index", "value"});
  s.kind = fill ? Step::Kind::Fill : Step::Kind::Set;
  const BufferSpec& b = requireBuffer(ctx, ctx.requireKey(v, "buffer", field), field + ".buffer", job);
  s.buffer = b.name;
  s.bits = ctx.elementBits(ctx.requireKey(v, "value", field), b.type, field + ".value");
  if (!fill) {
    s.index = requireIndex(ctx, ctx.requireKey(v, "index", field), field + ".index", b);
    s.elements = 1;
    return s;
  }
  s.index = v.contains("from") ? ctx.requireUint(v["from"], field + ".from", 0, b.count()) : 0;
  s.elements = v.contains("count") ? ctx.requireUint(v["count"], field + ".count", 0, b.count() - s.index)
                                   : b.count() - s.index;
  return s;
}

std::vector<Step> parseStepList(const JobContext& ctx, const JobJson& v, const std::string& field,
                                const Job& job, const Limits& limits, unsigned depth,
                                std::optional<uint64_t> passes) {
  if (depth > kMaxStepDepth)
    ctx.fail(field, "repeats nest more than " + std::to_string(kMaxStepDepth) + " deep");
  ctx.requireArray(v, field);
  std::vector<Step> steps;
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string path = field + "[" + std::to_string(i) + "]";
    const JobJson& s = ctx.requireObject(v[i], path);
    Step step;
    if (s.contains("dispatch")) {
      step = parseDispatch(ctx, s, path, job, limits, passes);
    } else if (s.size() != 1) {
      ctx.fail(path, "needs one of \"dispatch\", \"repeat\", \"fill\", \"set\" or \"copy\"");
    } else if (s.contains("repeat")) {
      step = parseRepeat(ctx, s["repeat"], path, job, limits, depth);
    } else {
      const std::string kind = s.begin().key();
      if (kind != "fill" && kind != "set" && kind != "copy")
        ctx.fail(path, "unknown step " + JobContext::quoted(kind) +
                           " (expected dispatch, repeat, fill, set or copy)");
      step = parseHostStep(ctx, s[kind], path, kind, job);
    }
    step.path = path;
    steps.push_back(std::move(step));
  }
  return steps;
}

// The first dispatch step, depth first (for the job's grid and workgroup).
const Step* firstDispatch(const std::vector<Step>& steps) {
  for (const Step& s : steps) {
    if (s.kind == Step::Kind::Dispatch) return &s;
    if (s.kind == Step::Kind::Repeat)
      if (const Step* d = firstDispatch(s.steps)) return d;
  }
  return nullptr;
}

// The steps `steps` run at most: each dispatch and host action one, a
// repeat its steps' count times `count` (or `max`: an until repeat may stop
// earlier), a pass that runs nothing counting one (a billion empty passes
// take as long as they would with a step); saturated at 2^64 - 1.
uint64_t stepsRunAtMost(const std::vector<Step>& steps) {
  constexpr uint64_t kAll = ~uint64_t{0};
  uint64_t total = 0;
  for (const Step& s : steps) {
    uint64_t n = 1;
    if (s.kind == Step::Kind::Repeat) {
      const unsigned __int128 product =
          (unsigned __int128){s.until ? s.max : s.count} * std::max<uint64_t>(1, stepsRunAtMost(s.steps));
      n = product > kAll ? kAll : uint64_t(product);
    }
    total = n > kAll - total ? kAll : total + n;
  }
  return total;
}

}  // namespace

void parseKernels(const JobContext& ctx, const JobJson& v, Job& job, const Limits& limits) {
  ctx.requireObject(v, "kernels");
  if (v.empty()) ctx.fail("kernels", "needs at least one kernel");
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string field = "kernels." + it.key();
    JobKernel k;
    k.key = it.key();
    parseKernel(ctx, it.value(), field, job.dir, k, limits);
    if (!job.kernels.empty() && k.kernel.arch.gen != job.kernels[0].kernel.arch.gen)
      ctx.fail(field, "is for " + k.kernel.arch.llvmName + ", the job's first kernel for " +
                          job.kernels[0].kernel.arch.llvmName + " (one job runs on one GPU)");
    if (k.kernel.format == KernelFormat::Raw)
      if (const JobJson* s = ctx.optionalKey(it.value(), "setup"))
        k.kernel.setup = parseRawSetup(ctx, *s, job.buffers, k.kernel, field);
    job.kernels.push_back(std::move(k));
  }
  job.kernel = job.kernels[0].kernel;
}

void parseSteps(const JobContext& ctx, const JobJson& v, Job& job, const Limits& limits) {
  job.steps = parseStepList(ctx, v, "steps", job, limits, 0, std::nullopt);
  const Step* first = firstDispatch(job.steps);
  if (!first) ctx.fail("steps", "needs at least one dispatch step");
  // Read before anything runs: a repeat count typed with three zeros too many would otherwise run for days.
  if (const uint64_t n = stepsRunAtMost(job.steps); n > limits.maxSteps)
    ctx.fail("steps",
             (n == ~uint64_t{0} ? std::string("2^64 or more") : std::to_string(n)) +
                 " steps to run (dispatches and host actions; a repeat's times its count or max) exceed "
                 "the limit of " +
                 std::to_string(limits.maxSteps) + " (--max-steps)");
  job.grid = first->grid;
  job.gridDims = first->gridDims;
  job.workgroup = first->workgroup;
  job.kernel = job.kernels[first->kernel].kernel;
}

}  // namespace gcnsim::frontend
