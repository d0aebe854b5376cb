// Decoders of the scalar ALU / program-control formats SOP2, SOPK, SOP1,
// SOPC and SOPP. Field layouts: seed 002_160158f13b229eb1.txt (SOP2) and CLRX
// GcnInstrsSop{1,c,k,p}.md; which operand slots an op uses comes from its
// table row (isa/tables/*.cpp).
#include "isa/codec_scalar.hpp"
#include "isa/format_codecs.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {
namespace {

// A scalar source operand that SALU cannot take: reserved codes, SDWA/DPP
// markers and LDS-direct.
bool badScalarSource(const Operand& op) {
  return op.kind == OpdKind::None || op.kind == OpdKind::LdsDirect || op.kind == OpdKind::VReg;
}

// Decodes the sources listed in `codes` of the row; reads the literal dword
// (shared by all literal sources) when one is code 255. Returns false when
// truncated; sets out.info = nullptr on a reserved operand code.
bool decodeSources(const DecodeInput& in, DecodedInst& out, const unsigned* codes, const OpType* types,
                   int n) {
  bool literal = false;
  for (int i = 0; i < n; ++i) {
    if (types[i] == OpType::None) continue;
    out.src[i] = decodeScalar(in.gen, codes[i], types[i]);
    if (badScalarSource(out.src[i])) {
      out.info = nullptr;
      return true;
    }
    literal |= out.src[i].kind == OpdKind::Literal;
  }
  if (!literal) return true;
  if (in.avail < 2) return false;
  out.words = 2;
  for (int i = 0; i < n; ++i)
    if (out.src[i].kind == OpdKind::Literal) applyLiteral(out.src[i], in.w[1], types[i]);
  return true;
}

// A destination SDST field (7 bits): SGPRs and special registers only.
Operand decodeSdst(Gen g, unsigned code, OpType t) { return decodeScalar(g, code & 0x7f, t); }

// Decodes the SDST field into `slot`; false (instruction invalid) for a
// reserved register, e.g. an odd special register as a 64-bit operand.
bool sdstInto(Gen g, unsigned code, OpType t, Operand& slot) {
  if (t == OpType::None) return true;
  slot = decodeSdst(g, code, t);
  return slot.present();
}

}  // namespace

bool decodeSop2(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SOP2, in.gen, static_cast<int>(bits(w, 23, 7)));
  if (!out.info) return true;
  if (!sdstInto(in.gen, bits(w, 16, 7), out.info->dst, out.dst)) {
    out.info = nullptr;
    return true;
  }
  const unsigned codes[2] = {bits(w, 0, 8), bits(w, 8, 8)};
  const OpType types[2] = {out.info->src0, out.info->src1};
  return decodeSources(in, out, codes, types, 2);
}

bool decodeSop1(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SOP1, in.gen, static_cast<int>(bits(w, 8, 8)));
  if (!out.info) return true;
  if (!sdstInto(in.gen, bits(w, 16, 7), out.info->dst, out.dst)) {
    out.info = nullptr;
    return true;
  }
  const unsigned codes[1] = {bits(w, 0, 8)};
  const OpType types[1] = {out.info->src0};
  return decodeSources(in, out, codes, types, 1);
}

bool decodeSopc(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SOPC, in.gen, static_cast<int>(bits(w, 16, 7)));
  if (!out.info) return true;
  const unsigned codes[2] = {bits(w, 0, 8), bits(w, 8, 8)};
  const OpType types[2] = {out.info->src0, out.info->src1};
  // s_set_gpr_idx_on: SSRC1 is the 8-bit index-mode mask (CLRX GcnInstrsSopc.md).
  if (out.info->src1 == OpType::None) out.simm16 = static_cast<int32_t>(codes[1]);
  return decodeSources(in, out, codes, types, 2);
}

bool decodeSopk(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SOPK, in.gen, static_cast<int>(bits(w, 23, 5)));
  if (!out.info) return true;
  const uint16_t imm = static_cast<uint16_t>(bits(w, 0, 16));
  out.simm16 = sopkImmIsSigned(*out.info) ? static_cast<int16_t>(imm) : static_cast<int32_t>(imm);
  const unsigned sdst = bits(w, 16, 7);
  // The SDST field is a destination (s_movk_i32, s_getreg_b32, s_call_b64) or a
  // source (s_cmpk_*, s_setreg_b32, s_cbranch_i_fork): the row says which.
  if (!sdstInto(in.gen, sdst, out.info->dst, out.dst) ||
      !sdstInto(in.gen, sdst, out.info->src0, out.src[0])) {
    out.info = nullptr;
    return true;
  }
  if (out.info->has(kLiteralOperand)) {  // s_setreg_imm32_b32: 32-bit constant follows
    if (in.avail < 2) return false;
    out.imm32 = in.w[1];
    out.words = 2;
  }
  return true;
}

bool decodeSopp(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SOPP, in.gen, static_cast<int>(bits(w, 16, 7)));
  if (!out.info) return true;
  const uint16_t imm = static_cast<uint16_t>(bits(w, 0, 16));
  // Branch offsets are signed dword counts relative to the next instruction.
  out.simm16 = isPcRelative(*out.info) ? static_cast<int16_t>(imm) : static_cast<int32_t>(imm);
  return true;
}

}  // namespace gcnsim::isa
