// Decoders of the 32-bit vector encodings VOP1, VOP2, VOPC (with their SDWA
// and DPP extensions on GCN 1.2/1.4) and VINTRP.
// Field layouts: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVopc.md,
// GcnSdwaDpp.md (GCN 1.2 SDWA/DPP), GcnInstrsVintrp.md; the GCN 1.4 SDWA
// additions (OMOD bits 14-15, S0 bit 23, S1 bit 31, VOPC SDST bits 8-14 with
// SD bit 15) are those llvm-mc-15 encodes for gfx900.
#include "isa/codec_vector_util.hpp"
#include "isa/dpp_ctrl.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {
namespace {

using vec::vccOperand;

// SDWA word: fills the sources and modifiers; src0/src1 codes come from the word.
bool decodeSdwa(const DecodeInput& in, DecodedInst& out, unsigned vsrc1, bool vopc) {
  if (in.avail < 2) return false;
  out.words = 2;
  out.vopEnc = VopEnc::SDWA;
  const uint32_t w = in.w[1];
  const OpInfo* info = out.info;
  const bool gfx9 = in.gen == Gen::GCN14;
  SdwaMods& s = out.sdwa;
  s.src0Sel = bits(w, 16, 3);
  s.src0Sext = bits(w, 19, 1);
  s.src1Sel = bits(w, 24, 3);
  s.src1Sext = bits(w, 27, 1);
  out.mods.neg = static_cast<uint8_t>(bits(w, 20, 1) | bits(w, 28, 1) << 1);
  out.mods.abs = static_cast<uint8_t>(bits(w, 21, 1) | bits(w, 29, 1) << 1);
  if (gfx9) {
    s.src0IsSgpr = bits(w, 23, 1);
    s.src1IsSgpr = bits(w, 31, 1);
  }
  const unsigned src0 = bits(w, 0, 8);
  out.src[0] = s.src0IsSgpr ? decodeSrc(in.gen, src0, info->src0) : decodeVgpr(src0, info->src0);
  if (info->src1 != OpType::None)
    out.src[1] = s.src1IsSgpr ? decodeSrc(in.gen, vsrc1, info->src1) : decodeVgpr(vsrc1, info->src1);
  // SDWA has no literal; a literal or reserved code is not a valid source here.
  auto bad = [](const Operand& op) { return op.kind == OpdKind::Literal || op.kind == OpdKind::None; };
  if (bad(out.src[0]) || (info->src1 != OpType::None && bad(out.src[1]))) {
    out.info = nullptr;
    return true;
  }
  if (vopc) {
    // GCN 1.2: CLAMP at bit 13 (no destination fields); GCN 1.4: SDST at 8..14 when SD (bit 15).
    if (gfx9 && bits(w, 15, 1))
      out.sdst = decodeScalar(in.gen, bits(w, 8, 7), OpType::B64);
    else
      out.sdst = vccOperand();
    if (!gfx9) out.mods.clamp = bits(w, 13, 1);
  } else {
    s.dstSel = bits(w, 8, 3);
    s.dstUnused = bits(w, 11, 2);
    out.mods.clamp = bits(w, 13, 1);
    if (gfx9) out.mods.omod = bits(w, 14, 2);
  }
  return true;
}

bool decodeDpp(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  out.words = 2;
  out.vopEnc = VopEnc::DPP;
  const uint32_t w = in.w[1];
  out.src[0] = decodeVgpr(bits(w, 0, 8), out.info->src0);
  out.dpp.ctrl = static_cast<uint16_t>(bits(w, 8, 9));
  out.dpp.boundCtrl = bits(w, 19, 1);
  out.mods.neg = static_cast<uint8_t>(bits(w, 20, 1) | bits(w, 22, 1) << 1);
  out.mods.abs = static_cast<uint8_t>(bits(w, 21, 1) | bits(w, 23, 1) << 1);
  out.dpp.bankMask = static_cast<uint8_t>(bits(w, 24, 4));
  out.dpp.rowMask = static_cast<uint8_t>(bits(w, 28, 4));
  if (dppKind(out.dpp.ctrl) == DppKind::Invalid) out.info = nullptr;
  return true;
}

// Source 0 of a 32-bit encoding: plain, literal, or the SDWA/DPP escape codes.
// Returns false when truncated.
bool decodeSrc0(const DecodeInput& in, DecodedInst& out, unsigned src0, unsigned vsrc1, bool vopc) {
  const bool ext = in.gen >= Gen::GCN12;
  if (ext && src0 == code::kSdwa) return decodeSdwa(in, out, vsrc1, vopc);
  if (ext && src0 == code::kDpp) {
    if (!decodeDpp(in, out)) return false;
    if (out.info && out.info->src1 != OpType::None) out.src[1] = decodeVgpr(vsrc1, out.info->src1);
    return true;
  }
  out.src[0] = decodeSrc(in.gen, src0, out.info->src0);
  if (out.src[0].kind == OpdKind::None) {  // reserved operand code
    out.info = nullptr;
    return true;
  }
  return vec::takeLiteral(in, out, out.src[0], out.info->src0);
}

}  // namespace

// VOP2: SRC0 0-8, VSRC1 9-16, VDST 17-24, OP 25-30.
bool decodeVop2(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::VOP2, in.gen, static_cast<int>(bits(w, 25, 6)));
  if (!out.info) return true;
  const OpInfo* info = out.info;
  out.vopEnc = VopEnc::E32;
  const unsigned vsrc1 = bits(w, 9, 8), vdst = bits(w, 17, 8);
  if (vec::isReadlane(info) || vec::isWritelane(info)) {
    // GCN 1.0/1.1 v_readlane/v_writelane: the lane select is an SGPR in VSRC1.
    out.dst = vec::isReadlane(info) ? decodeScalar(in.gen, vdst, info->dst) : decodeVgpr(vdst, info->dst);
    out.src[0] = decodeSrc(in.gen, bits(w, 0, 9), info->src0);
    out.src[1] = decodeScalar(in.gen, vsrc1, info->src1);
    if (out.src[0].kind == OpdKind::None) out.info = nullptr;
    return !out.info || vec::takeLiteral(in, out, out.src[0], info->src0);
  }
  out.dst = decodeVgpr(vdst, info->dst);
  if (!decodeSrc0(in, out, bits(w, 0, 9), vsrc1, false)) return false;
  if (!out.info) return true;
  if (out.vopEnc == VopEnc::E32) out.src[1] = decodeVgpr(vsrc1, info->src1);
  if (info->has(kLiteralOperand)) {
    // v_madmk: D = S0 * K + VSRC1; v_madak: D = S0 * VSRC1 + K. K follows the
    // instruction (shared with SRC0 if that is a literal too).
    if (in.avail < 2) return false;
    out.words = 2;
    out.imm32 = in.w[1];
    Operand k;
    k.kind = OpdKind::Literal;
    k.code = code::kLiteral;
    const bool madmk = info->layout == Layout::MadMk;
    applyLiteral(k, in.w[1], madmk ? info->src1 : info->src2);
    if (madmk) {
      out.src[2] = decodeVgpr(vsrc1, info->src2);
      out.src[1] = k;
    } else {
      out.src[2] = k;
    }
    return true;
  }
  if (vec::hasCarryOut(info) && out.sdst.kind == OpdKind::None) out.sdst = vccOperand();
  if (info->src2 != OpType::None) out.src[2] = vccOperand();  // carry-in / cndmask select
  return true;
}

// VOP1: SRC0 0-8, OP 9-16, VDST 17-24.
bool decodeVop1(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::VOP1, in.gen, static_cast<int>(bits(w, 9, 8)));
  if (!out.info) return true;
  const OpInfo* info = out.info;
  const unsigned vdst = bits(w, 17, 8);
  if (info->dst != OpType::None)
    out.dst = vec::hasScalarDst(info) ? decodeScalar(in.gen, vdst, info->dst) : decodeVgpr(vdst, info->dst);
  if (info->src0 == OpType::None) return true;  // v_nop, v_clrexcp
  return decodeSrc0(in, out, bits(w, 0, 9), 0, false);
}

// VOPC: SRC0 0-8, VSRC1 9-16, OP 17-24; the result goes to VCC.
bool decodeVopc(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::VOPC, in.gen, static_cast<int>(bits(w, 17, 8)));
  if (!out.info) return true;
  const unsigned vsrc1 = bits(w, 9, 8);
  out.sdst = vccOperand();
  if (!decodeSrc0(in, out, bits(w, 0, 9), vsrc1, true)) return false;
  if (out.info && out.vopEnc == VopEnc::E32) out.src[1] = decodeVgpr(vsrc1, out.info->src1);
  return true;
}

// VINTRP: VSRC 0-7, ATTRCHAN 8-9, ATTR 10-15, OP 16-17, VDST 18-25.
bool decodeVintrp(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::VINTRP, in.gen, static_cast<int>(bits(w, 16, 2)));
  if (!out.info) return true;
  out.vopEnc = VopEnc::E32;
  out.dst = decodeVgpr(bits(w, 18, 8), out.info->dst);
  out.interp.chan = static_cast<uint8_t>(bits(w, 8, 2));
  out.interp.attr = static_cast<uint8_t>(bits(w, 10, 6));
  if (out.info->src0 == OpType::None) {  // v_interp_mov_f32: VSRC holds the parameter
    out.interp.param = static_cast<uint8_t>(bits(w, 0, 8));
    if (out.interp.param > 2) out.info = nullptr;
  } else {
    out.src[0] = decodeVgpr(bits(w, 0, 8), out.info->src0);
  }
  return true;
}

}  // namespace gcnsim::isa
