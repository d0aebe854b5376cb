#include "frontend/report/branch_target.hpp"

#include <spdlog/fmt/fmt.h>

#include "isa/opinfo.hpp"

namespace gcnsim::frontend {

std::optional<uint64_t> branchTarget(const isa::DecodedInst& inst, uint64_t pc) {
  if (!inst.valid() || inst.encoding != isa::Format::SOPP || !inst.info->has(isa::kBranch))
    return std::nullopt;
  // LLVM: APInt SignedOffset(18, Imm * 4, true); Target = SignedOffset.sext(64) + Addr + Size.
  int64_t offset = int64_t(uint16_t(inst.simm16)) * 4;
  if (offset & (int64_t{1} << 17)) offset -= int64_t{1} << 18;
  return pc + inst.bytes() + uint64_t(offset);
}

std::string branchLabel(uint64_t target, std::string_view symbol, uint64_t symbolAddr) {
  if (symbol.empty() || target < symbolAddr) return fmt::format(" <{:#x}>", target);
  if (target == symbolAddr) return fmt::format(" <{}>", symbol);
  return fmt::format(" <{}+{:#x}>", symbol, target - symbolAddr);
}

std::string withBranchLabel(std::string text, const isa::DecodedInst& inst, uint64_t pc,
                            std::string_view symbol, uint64_t symbolAddr) {
  if (const auto t = branchTarget(inst, pc)) text += branchLabel(*t, symbol, symbolAddr);
  return text;
}

}  // namespace gcnsim::frontend
