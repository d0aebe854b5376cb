// checkArgsAgainstMetadata: the job's "args" against the kernel's ".args".
#include "frontend/error.hpp"
#include "frontend/job.hpp"

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

void checkArgsAgainstMetadata(const Job& job, const KernelInfo& kernel) {
  std::vector<ArgShape> shapes;
  for (const ArgSpec& a : job.args)
    shapes.push_back({a.kind, a.kind == ArgSpec::Kind::Value ? elemTypeSize(a.type) : 0,
                      a.kind == ArgSpec::Kind::Value ? std::string(elemTypeName(a.type)) : std::string()});
  checkArgShapes(job.path.string(), kernel, shapes, "the job");
}

}  // namespace gcnsim::frontend
