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

void checkArgsAgainstMetadata(const Job& job, const KernelInfo& kernel) {
  const std::string file = job.path.string();
  auto fail = [&](const std::string& field, const std::string& msg) {
    throw InputError(file + ": " + field + ": " + msg);
  };
  const auto expected = kernel.explicitArgs();
  if (expected.size() != job.args.size()) {
    std::string list;
    for (const KernelArg* a : expected) list += (list.empty() ? "" : ", ") + describeArg(*a);
    fail("args", "kernel " + kernel.name + " takes " + std::to_string(expected.size()) + " argument" +
                     (expected.size() == 1 ? "" : "s") + (list.empty() ? "" : " [" + list + "]") +
                     ", the job gives " + std::to_string(job.args.size()));
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    const KernelArg& a = *expected[i];
    const ArgSpec& s = job.args[i];
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
        if (elemTypeSize(s.type) != a.size)
          fail(field, "value of type " + std::string(elemTypeName(s.type)) + " is " +
                          std::to_string(elemTypeSize(s.type)) + " bytes but kernel argument " +
                          describeArg(a) + " is " + std::to_string(a.size) + " bytes");
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

}  // namespace gcnsim::frontend
