#include "isa/operands.hpp"

#include <cstdio>

namespace gcnsim::isa {
namespace {

bool is16(OpType t) {
  return t == OpType::B16 || t == OpType::I16 || t == OpType::F16 || t == OpType::V2F16 || t == OpType::V2I16;
}
bool is64(OpType t) { return opTypeDwords(t) == 2; }

// Float inline constants 240..247: 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0.
constexpr uint16_t kF16[8] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400};
constexpr uint32_t kF32[8] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                              0x40000000, 0xc0000000, 0x40800000, 0xc0800000};
constexpr uint64_t kF64[8] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000, 0xbff0000000000000,
                              0x4000000000000000, 0xc000000000000000, 0x4010000000000000, 0xc010000000000000};
constexpr const char* kFloatText[8] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};

std::string regRange(char prefix, unsigned first, unsigned n) {
  char buf[32];
  if (n <= 1)
    std::snprintf(buf, sizeof buf, "%c%u", prefix, first);
  else
    std::snprintf(buf, sizeof buf, "%c[%u:%u]", prefix, first, first + n - 1);
  return buf;
}

// Name of a special scalar register pair (base code even) or one half of it.
std::string pairName(const char* name, unsigned code, unsigned base, unsigned n) {
  if (n >= 2 && code == base) return name;
  return std::string(name) + (code == base ? "_lo" : "_hi");
}

std::string sregText(Gen g, unsigned c, unsigned n) {
  if (c < numSgprs(g)) return regRange('s', c, n);
  if (g >= Gen::GCN11 && (c == flatScratchCode(g) || c == flatScratchCode(g) + 1))
    return pairName("flat_scratch", c, flatScratchCode(g), n);
  if (g >= Gen::GCN12 && (c == 104 || c == 105)) return pairName("xnack_mask", c, 104, n);
  if (c == code::kVccLo || c == code::kVccHi) return pairName("vcc", c, code::kVccLo, n);
  if (c >= ttmpBase(g) && c < 124) {
    unsigned t = c - ttmpBase(g);
    return n <= 1 ? "ttmp" + std::to_string(t)
                  : "ttmp[" + std::to_string(t) + ":" + std::to_string(t + n - 1) + "]";
  }
  if (c == 108 || c == 109) return pairName("tba", c, 108, n);
  if (c == 110 || c == 111) return pairName("tma", c, 110, n);
  if (c == code::kM0) return "m0";
  if (c == 125) return "null";  // reserved code; LLVM 15's disassembler names it null
  if (c == code::kExecLo || c == code::kExecHi) return pairName("exec", c, code::kExecLo, n);
  return regRange('s', c, n);
}

}  // namespace

uint64_t inlineConstantValue(Gen g, unsigned c, OpType t) {
  const bool wide = is64(t);
  if (c >= code::kZero && c <= code::kPosMax) return c - code::kZero;
  if (c >= code::kNegMin && c <= code::kNegMax) {
    int64_t v = -static_cast<int64_t>(c - code::kPosMax);
    if (wide) return static_cast<uint64_t>(v);
    if (is16(t) && !(t == OpType::V2F16 || t == OpType::V2I16)) return static_cast<uint16_t>(v);
    return static_cast<uint32_t>(v);
  }
  if (c >= code::kFloatFirst && c < code::kInvTwoPi) {
    unsigned i = c - code::kFloatFirst;
    if (wide) return kF64[i];
    if (is16(t)) return kF16[i];
    return kF32[i];
  }
  if (c == code::kInvTwoPi && g >= Gen::GCN12) {
    if (wide) return 0x3fc45f306dc9c882ull;
    if (is16(t)) return 0x3118;
    return 0x3e22f983;
  }
  return 0;
}

Operand decodeVgpr(unsigned vgpr, OpType t) {
  Operand op;
  op.kind = OpdKind::VReg;
  op.code = static_cast<uint16_t>(code::kVgpr0 + vgpr);
  op.reg = static_cast<uint16_t>(vgpr);
  op.nregs = static_cast<uint8_t>(opTypeDwords(t) ? opTypeDwords(t) : 1);
  return op;
}

Operand decodeSrc(Gen g, unsigned c, OpType t) {
  Operand op;
  op.code = static_cast<uint16_t>(c);
  if (c >= code::kVgpr0) return decodeVgpr(c - code::kVgpr0, t);
  if (c < 128) {
    const unsigned n = opTypeDwords(t) ? opTypeDwords(t) : 1;
    unsigned reg = c;
    if (n >= 2) {
      // Like LLVM's disassembler: SGPR and TTMP tuples ignore the low code bits
      // (pairs align to 2, wider tuples to 4); the special registers exist only
      // as 32-bit halves or even-based pairs (vcc, exec, flat_scratch, ...),
      // which LLVM also prints by their pair name in wider slots.
      // Tuples must end inside LLVM's register files (s0..s105, ttmp0..ttmp15).
      const bool ttmp = c >= ttmpBase(g) && c < code::kM0;
      if (c < numSgprs(g) || ttmp) {
        reg = c & ~(n == 2 ? 1u : 3u);
        if (ttmp ? reg - ttmpBase(g) + n > 16 : reg + n > 106) return op;  // kind None: reserved
      } else if (((c & 1) && c != 125) || c == code::kM0 || n > 4) {
        return op;  // kind None: reserved
      }
    }
    op.kind = OpdKind::SReg;
    op.reg = static_cast<uint16_t>(reg);
    op.nregs = static_cast<uint8_t>(n);
    return op;
  }
  if ((c <= code::kNegMax) || (c >= code::kFloatFirst && c < code::kInvTwoPi) ||
      (c == code::kInvTwoPi && g >= Gen::GCN12)) {
    op.kind = OpdKind::Const;
    op.value = inlineConstantValue(g, c, t);
    return op;
  }
  switch (c) {
    case code::kVccz: op.kind = OpdKind::Vccz; break;
    case code::kExecz: op.kind = OpdKind::Execz; break;
    case code::kScc: op.kind = OpdKind::Scc; break;
    case code::kLdsDirect: op.kind = OpdKind::LdsDirect; break;
    case code::kLiteral: op.kind = OpdKind::Literal; break;
    default:
      if (c >= 235 && c <= 239 && g == Gen::GCN14)
        op.kind = OpdKind::Aperture;
      else
        op.kind = OpdKind::None;  // reserved code: the format decoder rejects it
      break;
  }
  return op;
}

void applyLiteral(Operand& op, uint32_t literal, OpType t) {
  if (t == OpType::F64)
    op.value = static_cast<uint64_t>(literal) << 32;  // FP64 literal: high 32 bits (GcnOperands.md)
  else if (t == OpType::I64)
    op.value = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(literal)));
  else
    op.value = literal;
}

std::string immediateText(Gen g, uint32_t v, bool wide) {
  // LLVM's AMDGPUInstPrinter::printImmediate32/64: values that read like an
  // inline constant print as one (a 32-bit literal 1 prints "1"), the rest in hex.
  char buf[32];
  if (wide) {
    // A 32-bit literal of a 64-bit operand: only 0..64 match an inline integer.
    if (v <= 64) return std::to_string(v);
  } else {
    const int32_t sv = static_cast<int32_t>(v);
    if (sv >= -16 && sv <= 64) return std::to_string(sv);
    for (int i = 0; i < 8; ++i)
      if (v == kF32[i]) return kFloatText[i];
    if (v == 0x3e22f983u && g >= Gen::GCN12) return "0.15915494";
  }
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

std::string operandText(Gen g, const Operand& op, OpType t) {
  char buf[32];
  switch (op.kind) {
    case OpdKind::None: return "";
    case OpdKind::SReg: return sregText(g, op.reg, op.nregs);
    case OpdKind::VReg: return regRange('v', op.reg, op.nregs);
    case OpdKind::Const:
      if (op.code <= code::kPosMax) return std::to_string(op.code - code::kZero);
      if (op.code <= code::kNegMax) return std::to_string(-static_cast<int>(op.code - code::kPosMax));
      if (op.code < code::kInvTwoPi) return kFloatText[op.code - code::kFloatFirst];
      // LLVM prints 1/(2*pi) with the precision of the operand type.
      return is64(t) ? "0.15915494309189532" : "0.15915494";
    case OpdKind::Literal: {
      const uint32_t raw = static_cast<uint32_t>(t == OpType::F64 ? op.value >> 32 : op.value);
      if (is16(t)) {
        std::snprintf(buf, sizeof buf, "0x%x", raw);
        return buf;
      }
      return immediateText(g, raw, is64(t));
    }
    // LLVM 15 names these source codes src_vccz, src_execz, src_scc (AMDGPUOperandSyntax.rst).
    case OpdKind::Scc: return "src_scc";
    case OpdKind::Vccz: return "src_vccz";
    case OpdKind::Execz: return "src_execz";
    case OpdKind::LdsDirect: return "src_lds_direct";
    case OpdKind::Aperture: {
      static constexpr const char* names[] = {"src_shared_base", "src_shared_limit", "src_private_base",
                                              "src_private_limit", "src_pops_exiting_wave_id"};
      return names[op.code - 235];
    }
  }
  return "";
}

}  // namespace gcnsim::isa
