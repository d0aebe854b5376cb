#include "sim/gpr_index.hpp"

namespace gcnsim::sim {
namespace {

bool isValu(const isa::DecodedInst& in) {
  if (!in.valid()) return false;
  switch (in.encoding) {
    case isa::Format::VOP1:
    case isa::Format::VOP2:
    case isa::Format::VOPC:
    case isa::Format::VOP3:
    case isa::Format::VOP3P: return true;
    default: return false;
  }
}

// VGPR[reg + index]; V0 when the indexed register (all of it) lies beyond the allocation.
void indexOperand(isa::Operand& op, unsigned index, unsigned numVgprs) {
  const unsigned n = op.nregs ? op.nregs : 1u;
  const unsigned reg = op.reg + index;
  op.reg = static_cast<uint16_t>(reg + n <= numVgprs ? reg : 0u);
}

}  // namespace

bool applyGprIndex(const WaveState& w, const isa::DecodedInst& in, isa::DecodedInst& out) {
  if (!isValu(in)) return false;
  const uint32_t m0 = w.m0();
  const unsigned index = m0 & 0xffu, enables = (m0 >> 12) & 0xfu;
  bool any = false;
  for (unsigned i = 0; i < 3; ++i) any |= ((enables >> i) & 1u) && in.src[i].kind == isa::OpdKind::VReg;
  any |= ((enables >> 3) & 1u) && in.dst.kind == isa::OpdKind::VReg;
  if (!any) return false;
  out = in;
  for (unsigned i = 0; i < 3; ++i)
    if (((enables >> i) & 1u) && out.src[i].kind == isa::OpdKind::VReg)
      indexOperand(out.src[i], index, w.numVgprs);
  if (((enables >> 3) & 1u) && out.dst.kind == isa::OpdKind::VReg) indexOperand(out.dst, index, w.numVgprs);
  return true;
}

isa::DecodedInst& gprIndexScratch() {
  static thread_local isa::DecodedInst scratch;
  return scratch;
}

}  // namespace gcnsim::sim
