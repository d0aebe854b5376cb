// Semantic functions: one small function per operation (or family), keyed by
// the table row's semKey() (isa/opinfo.hpp), resolved once per table row.
#pragma once
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/exec_context.hpp"

namespace gcnsim::sim {

using SemFn = void (*)(Exec&);

class SemRegistry {
 public:
  // Registers `fn` for semantic key `key` (an LLVM mnemonic or a row's
  // `sem`); a key registered twice is a bug (std::logic_error naming it).
  // Out of line: the VALU files call it hundreds of times.
  void add(std::string_view key, SemFn fn);
  SemFn find(std::string_view key) const {
    auto it = map_.find(std::string(key));
    return it == map_.end() ? nullptr : it->second;
  }
  const std::unordered_map<std::string, SemFn>& all() const { return map_; }

 private:
  std::unordered_map<std::string, SemFn> map_;
};

// Family registration functions, one per area (sim/semantics/register_*.cpp).
void registerScalarSemantics(SemRegistry&);  // SOP1/SOP2/SOPK/SOPC/SOPP, SMRD/SMEM
void registerVectorSemantics(SemRegistry&);  // VOP1/VOP2/VOPC/VOP3/VOP3P (+SDWA/DPP)
void registerMemorySemantics(SemRegistry&);  // DS, MUBUF/MTBUF, FLAT/GLOBAL/SCRATCH, MIMG/EXP/VINTRP faults

// The registry with every family registered (built once).
const SemRegistry& semanticRegistry();
// Semantic function per row of isa::allOps() (nullptr where none exists).
std::span<const SemFn> semanticsByOpIndex();

}  // namespace gcnsim::sim
