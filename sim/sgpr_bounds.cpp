#include "sim/sgpr_bounds.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "isa/operands.hpp"

namespace gcnsim::sim {
namespace {

using isa::Format;

// The name of a scalar operand in the ISA's field names (SSRC0, SBASE, SRSRC...).
const char* sourceName(Format f, unsigned i) {
  static constexpr const char* kSalu[] = {"SSRC0", "SSRC1", "SSRC2"};
  static constexpr const char* kValu[] = {"SRC0", "SRC1", "SRC2"};
  switch (f) {
    case Format::SOP1:
    case Format::SOP2:
    case Format::SOPC:
    case Format::SOPK:
    case Format::SOPP: return kSalu[i];
    case Format::SMRD:
    case Format::SMEM: return "SBASE";
    case Format::MIMG: return "SSAMP";
    default: return kValu[i];
  }
}

const char* offsetName(Format f) {
  switch (f) {
    case Format::SMRD: return "OFFSET";
    case Format::GLOBAL:
    case Format::SCRATCH: return "SADDR";
    default: return "SOFFSET";
  }
}

struct Named {
  const isa::Operand* op;
  const char* what;
};

// Every operand of `in` that may name SGPRs, with its name.
std::array<Named, 9> scalarOperands(const isa::DecodedInst& in) {
  const Format f = in.info->format;
  const bool smem = f == Format::SMRD || f == Format::SMEM;
  return {{{&in.dst, smem ? "SDATA" : "SDST"},
           {&in.sdst, "SDST"},
           {&in.src[0], sourceName(f, 0)},
           {&in.src[1], sourceName(f, 1)},
           {&in.src[2], sourceName(f, 2)},
           {&in.data0, "SDATA"},
           {&in.data1, "SDATA"},
           {&in.rsrc, "SRSRC"},
           {&in.soffset, offsetName(f)}}};
}

// The SGPRs `op` names, as [first, end) register numbers (empty: none; a range running past the last
// SGPR into the special registers counts up to the last SGPR).
std::pair<unsigned, unsigned> sgprRange(const isa::Operand& op, isa::Gen g) {
  const unsigned last = isa::numSgprs(g);
  if (op.kind != isa::OpdKind::SReg || op.reg >= last) return {0, 0};
  return {op.reg, std::min<unsigned>(op.reg + std::max<unsigned>(op.nregs, 1), last)};
}

// Faults on the first operand naming SGPRs the wave lacks; else runs the instruction's own semantic.
// (Installed only when the decode found such an operand: WaveState::numSgprs says how many the wave holds.)
void sgprBoundsFault(Exec& x) {
  for (const Named& n : scalarOperands(x.in)) {
    const auto [first, end] = sgprRange(*n.op, x.w.gen);
    if (first < end && !x.sgprsPresent(first, end - first, n.what)) return;
  }
  semanticsByOpIndex()[x.in.opIndex](x);
}

}  // namespace

SemFn guardSgprs(const isa::DecodedInst& in, isa::Gen g, unsigned sgprs, SemFn fn) {
  for (const Named& n : scalarOperands(in))
    if (sgprRange(*n.op, g).second > sgprs) return &sgprBoundsFault;
  return fn;
}

}  // namespace gcnsim::sim
