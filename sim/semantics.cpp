#include "sim/semantics.hpp"

#include "isa/table.hpp"

namespace gcnsim::sim {

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
