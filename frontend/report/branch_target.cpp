#include "frontend/report/branch_target.hpp"

#include <spdlog/fmt/fmt.h>

namespace gcnsim::frontend {

std::string branchLabel(uint64_t target, std::string_view symbol, uint64_t symbolAddr) {
  if (symbol.empty() || target < symbolAddr) return fmt::format(" <{:#x}>", target);
  if (target == symbolAddr) return fmt::format(" <{}>", symbol);
  return fmt::format(" <{}+{:#x}>", symbol, target - symbolAddr);
}

std::string withBranchLabel(std::string text, const isa::DecodedInst& inst, uint64_t pc,
                            std::string_view symbol, uint64_t symbolAddr) {
  if (const auto t = isa::branchTarget(inst, pc)) text += branchLabel(*t, symbol, symbolAddr);
  return text;
}

}  // namespace gcnsim::frontend
