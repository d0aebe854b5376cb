// checkArgsAgainstMetadata: the job's "args" against the kernel's ".args".
#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"

namespace gcnsim::frontend {
namespace {

std::string describeArg(const KernelArg& a) {
  std::string s = a.name.empty() ? "" : a.name + " ";
  s += "(" + (a.typeName.empty() ? std::string() : a.typeName + ", ") + a.valueKindName + ", " +
       std::to_string(a.size) + " bytes)";
  return s;
}

const char* kindName(ArgSpec::Kind k) {
  switch (k) {
    case ArgSpec::Kind::Buffer: return "a buffer";
    case ArgSpec::Kind::Value: return "a value";
    default: return "local memory";
  }
}

}  // namespace

void checkArgShapes(const std::string& where, const KernelInfo& kernel, const std::vector<ArgShape>& args,
                    const char* giver) {
  auto fail = [&](const std::string& field, const std::string& msg) {
    throw InputError(where + ": " + field + ": " + msg);
  };
  const auto expected = kernel.explicitArgs();
  if (expected.size() != args.size()) {
    std::string list;
    for (const KernelArg* a : expected) list += (list.empty() ? "" : ", ") + describeArg(*a);
    fail("args", "kernel " + kernel.name + " takes " + std::to_string(expected.size()) + " argument" +
                     (expected.size() == 1 ? "" : "s") + (list.empty() ? "" : " [" + list + "]") + ", " +
                     giver + " gives " + std::to_string(args.size()));
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    const KernelArg& a = *expected[i];
    const ArgShape& s = args[i];
    const std::string field = "args[" + std::to_string(i) + "]";
    switch (a.valueKind) {
      case ArgValueKind::GlobalBuffer:
        if (s.kind != ArgSpec::Kind::Buffer)
          fail(field, "kernel argument " + describeArg(a) + " is a pointer; give {\"buffer\": NAME}, not " +
                          kindName(s.kind));
        if (a.size != 8) fail(field, "kernel argument " + describeArg(a) + " is not a 64-bit pointer");
        break;
      case ArgValueKind::ByValue:
        if (s.kind != ArgSpec::Kind::Value)
          fail(field, "kernel argument " + describeArg(a) +
                          " is passed by value; give {\"value\": V, \"type\": T}, not " + kindName(s.kind));
        if (s.valueBytes != a.size)
          fail(field, "value " + (s.typeName.empty() ? std::string() : "of type " + s.typeName + " ") +
                          "is " + std::to_string(s.valueBytes) + " bytes but kernel argument " +
                          describeArg(a) + " is " + std::to_string(a.size) + " bytes" +
                          (a.size > 8 && !s.typeName.empty() && s.typeName.find(' ') == std::string::npos
                               ? " (give its elements, {\"value\": [...], \"type\": T}, or {\"bytes\": HEX})"
                               : ""));
        break;
      case ArgValueKind::DynamicSharedPointer:
        if (s.kind != ArgSpec::Kind::Local)
          fail(field, "kernel argument " + describeArg(a) +
                          " is a __local pointer; give {\"local\": BYTES}, not " + kindName(s.kind));
        break;
      default: fail(field, "kernel argument " + describeArg(a) + " has a kind gcnsim does not support");
    }
  }
}

std::vector<ArgShape> argShapes(const std::vector<ArgSpec>& args) {
  std::vector<ArgShape> shapes;
  for (const ArgSpec& a : args)
    shapes.push_back({a.kind, a.kind == ArgSpec::Kind::Value ? a.valueBytes() : 0,
                      a.kind == ArgSpec::Kind::Value && a.elements ? a.valueDescription() : std::string()});
  return shapes;
}

void checkLocalBlocks(const std::string& where, const std::string& prefix, const KernelInfo* kernel,
                      uint64_t fixedLds, const std::vector<ArgSpec>& args) {
  const auto meta = kernel ? kernel->explicitArgs() : std::vector<const KernelArg*>{};
  uint64_t lds = fixedLds;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != ArgSpec::Kind::Local) continue;
    lds = (kernel && i < meta.size() ? meta[i]->localBlockStart(lds) : lds) + args[i].localBytes;
    if (lds > kMaxLdsBytes)
      throw InputError(where + ": " + prefix + "args[" + std::to_string(i) + "].local: the kernel's " +
                       std::to_string(fixedLds) +
                       " bytes of LDS plus the \"local\" arguments up to this one" +
                       (kernel ? ", each aligned to its pointee," : "") + " need " + std::to_string(lds) +
                       " bytes per work-group (at most " + std::to_string(kMaxLdsBytes) + ")");
  }
}

void checkArgsAgainstMetadata(const Job& job, const KernelInfo& kernel) {
  checkArgShapes(job.path.string(), kernel, argShapes(job.args), "the job");
  // The "local" blocks as the launch lays them out (kernel_launch.cpp): after the kernel's own LDS, each
  // aligned to its pointee. loadJob's running sum has no alignments: `gcnsim check` had passed a job whose
  // 1 + 65535 bytes need 65539 once the second block is aligned to 4, which `gcnsim run` refused.
  checkLocalBlocks(job.path.string(), "", &kernel, kernel.groupSegmentSize, job.args);
}

}  // namespace gcnsim::frontend
