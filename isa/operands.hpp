// Operand encoding shared by every format: register ranges, special
// registers, inline constants and literals (CLRX GcnOperands.md).
#pragma once
#include <cstdint>
#include <string>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

// Named operand codes of the scalar/source operand space (GcnOperands.md).
namespace code {
inline constexpr unsigned kVccLo = 106, kVccHi = 107, kM0 = 124, kExecLo = 126, kExecHi = 127;
inline constexpr unsigned kZero = 128, kPosMax = 192, kNegMin = 193, kNegMax = 208;
inline constexpr unsigned kFloatFirst = 240, kInvTwoPi = 248, kSdwa = 249, kDpp = 250;
inline constexpr unsigned kVccz = 251, kExecz = 252, kScc = 253, kLdsDirect = 254, kLiteral = 255;
inline constexpr unsigned kVgpr0 = 256;
}  // namespace code

// FLAT_SCRATCH's position in the scalar file: 104 on GCN 1.1, 102 on GCN 1.2/1.4.
constexpr unsigned flatScratchCode(Gen g) { return g == Gen::GCN11 ? 104u : 102u; }
// Number of addressable SGPRs (GcnState.md): 104 on GCN 1.0/1.1, 102 on GCN 1.2/1.4.
constexpr unsigned numSgprs(Gen g) { return g >= Gen::GCN12 ? 102u : 104u; }
// First TTMP register code: 112 on GCN 1.0-1.2, 108 on GCN 1.4.
constexpr unsigned ttmpBase(Gen g) { return g == Gen::GCN14 ? 108u : 112u; }

// Decodes a 9-bit source operand code (VGPRs at 256..511) of type `t`.
// A literal (code 255) gets kind Literal with value 0: the format decoder
// reads the literal dword and calls applyLiteral().
Operand decodeSrc(Gen g, unsigned code, OpType t);
// Same, for an 8-bit scalar field (SSRC/SDST/SBASE...): codes 0..255, no VGPRs.
inline Operand decodeScalar(Gen g, unsigned code, OpType t) { return decodeSrc(g, code & 0xff, t); }
// A VGPR operand (8-bit VGPR fields such as VDST, VADDR, VDATA).
Operand decodeVgpr(unsigned vgpr, OpType t);
// Expands a literal dword for operand type `t` (F64: the high 32 bits).
void applyLiteral(Operand& op, uint32_t literal, OpType t);

// Value of inline constant `code` (128..248) as an operand of type `t`.
uint64_t inlineConstantValue(Gen g, unsigned code, OpType t);

// LLVM text of a 32-bit immediate (literal, s_setreg_imm32_b32's constant):
// decimal for -16..64, float constants by name (0.15915494 on GCN 1.2+), else
// hex. `wide`: the literal of a 64-bit operand (decimal only for 0..64).
std::string immediateText(Gen g, uint32_t value, bool wide = false);

// LLVM assembly text of an operand: s5, s[4:7], vcc, exec_lo, m0, ttmp[2:3],
// v[0:1], 64, -16, 0.5, 0x3e22f983, scc, src_lds_direct, ...
std::string operandText(Gen g, const Operand& op, OpType t);

}  // namespace gcnsim::isa
