#include "isa/codec_vector_util.hpp"

#include <cstdio>

#include "isa/hex_text.hpp"

namespace gcnsim::isa::vec {
namespace {

// Float inline constants 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 (GcnOperands.md).
constexpr const char* kFloatText[8] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};
constexpr uint16_t kF16[8] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400};
constexpr uint32_t kF32[8] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                              0x40000000, 0xc0000000, 0x40800000, 0xc0800000};
constexpr uint64_t kF64[8] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000, 0xbff0000000000000,
                              0x4000000000000000, 0xc000000000000000, 0x4010000000000000, 0xc010000000000000};

}  // namespace

bool hasScalarDst(const OpInfo* info) {
  return info->layout == Layout::ReadLane || info->layout == Layout::ReadFirstLane;
}
bool isWritelane(const OpInfo* info) { return info->layout == Layout::WriteLane; }
bool isReadlane(const OpInfo* info) { return info->layout == Layout::ReadLane; }

bool hasCarryOut(const OpInfo* info) { return info->format == Format::VOP2 && info->has(kWritesVcc); }

bool isVop3b(const OpInfo* info) { return hasCarryOut(info) || info->layout == Layout::Vop3b; }

bool isInterp(const OpInfo* info) { return info->layout == Layout::Interp; }
bool isMadMix(const OpInfo* info) { return info->layout == Layout::MadMix; }

int numSrcs(const OpInfo* info) {
  return (info->src0 != OpType::None) + (info->src1 != OpType::None) + (info->src2 != OpType::None);
}

Operand vccOperand() {
  Operand op;
  op.kind = OpdKind::SReg;
  op.code = op.reg = code::kVccLo;
  op.nregs = 2;
  return op;
}

bool takeLiteral(const DecodeInput& in, DecodedInst& out, Operand& op, OpType t) {
  if (op.kind != OpdKind::Literal) return true;
  if (in.avail < 2) return false;
  out.words = 2;
  applyLiteral(op, in.w[1], t);
  return true;
}

std::string imm32Text(Gen g, uint32_t v) {
  const auto s = static_cast<int32_t>(v);
  if (s >= -16 && s <= 64) return std::to_string(s);
  for (int i = 0; i < 8; ++i)
    if (v == kF32[i]) return kFloatText[i];
  if (v == 0x3e22f983 && g >= Gen::GCN12) return "0.15915494";
  return hex(v);
}

std::string imm16Text(Gen g, uint16_t v) {
  const auto s = static_cast<int16_t>(v);
  if (s >= -16 && s <= 64) return std::to_string(s);
  for (int i = 0; i < 8; ++i)
    if (v == kF16[i]) return kFloatText[i];
  if (v == 0x3118 && g >= Gen::GCN12) return "0.15915494";
  return hex(v);
}

std::string imm64Text(Gen g, uint64_t v, bool fp) {
  const auto s = static_cast<int64_t>(v);
  if (s >= -16 && s <= 64) return std::to_string(s);
  for (int i = 0; i < 8; ++i)
    if (v == kF64[i]) return kFloatText[i];
  if (v == 0x3fc45f306dc9c882ull && g >= Gen::GCN12) return "0.15915494";
  return hex(fp ? v >> 32 : v);  // an FP64 literal holds the high 32 bits
}

std::string opdText(Gen g, const Operand& op, OpType t) {
  if (op.kind != OpdKind::Literal) return operandText(g, op, t);
  // LLVM prints a literal that equals an inline value in the inline form,
  // with the value set of the operand type: integers only for integer
  // 16/64-bit operands; FP64 literals (the high half) always in hex.
  switch (t) {
    case OpType::F64: return hex(op.value >> 32);
    case OpType::B64:
    case OpType::I64: return imm64Text(g, op.value & 0xffffffffu, false);
    case OpType::B16:
    case OpType::I16: {
      const auto s = static_cast<int16_t>(op.value);
      return (s >= -16 && s <= 64) ? std::to_string(s) : hex(op.value & 0xffff);
    }
    case OpType::F16: return imm16Text(g, static_cast<uint16_t>(op.value));
    default: return imm32Text(g, static_cast<uint32_t>(op.value));
  }
}

std::string srcText(Gen g, const Operand& op, OpType t, bool neg, bool abs, bool sext) {
  std::string s = opdText(g, op, t);
  if (sext) s = "sext(" + s + ")";
  if (abs) s = "|" + s + "|";
  if (neg) s = "-" + s;
  return s;
}

}  // namespace gcnsim::isa::vec
