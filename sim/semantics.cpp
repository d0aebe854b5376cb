#include "sim/semantics.hpp"

#include "isa/table.hpp"

namespace gcnsim::sim {

void SemRegistry::add(std::string_view key, SemFn fn) {
  if (!map_.emplace(std::string(key), fn).second)
    throw std::logic_error("semantics registered twice for \"" + std::string(key) + "\"");
}

const SemRegistry& semanticRegistry() {
  static const SemRegistry reg = [] {
    SemRegistry r;
    registerScalarSemantics(r);
    registerVectorSemantics(r);
    registerMemorySemantics(r);
    return r;
  }();
  return reg;
}

std::span<const SemFn> semanticsByOpIndex() {
  static const std::vector<SemFn> table = [] {
    std::vector<SemFn> t;
    for (const isa::OpInfo* op : isa::allOps()) t.push_back(semanticRegistry().find(op->semKey()));
    return t;
  }();
  return table;
}

}  // namespace gcnsim::sim
