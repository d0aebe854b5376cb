#include "isa/branch_target.hpp"

#include "isa/opinfo.hpp"

namespace gcnsim::isa {

std::optional<uint64_t> branchTarget(const DecodedInst& inst, uint64_t pc) {
  if (!inst.valid() || inst.encoding != Format::SOPP || !inst.info->has(kBranch)) return std::nullopt;
  // LLVM: APInt SignedOffset(18, Imm * 4, true); Target = SignedOffset.sext(64) + Addr + Size.
  int64_t offset = int64_t(uint16_t(inst.simm16)) * 4;
  if (offset & (int64_t{1} << 17)) offset -= int64_t{1} << 18;
  return pc + inst.bytes() + uint64_t(offset);
}

}  // namespace gcnsim::isa
