// Decoders of the 64-bit vector encodings VOP3 (VOP3a/VOP3b) and VOP3P.
// Field layouts: CLRX GcnInstrsVop3.md and GcnInstrsVop3p.md.
//   VOP3a GCN 1.0/1.1: VDST 0-7, ABS 8-10, CLAMP 11, OP 17-25
//   VOP3a GCN 1.2/1.4: VDST 0-7, ABS 8-10, OP_SEL 11-14 (GCN 1.4), CLAMP 15, OP 16-25
//   VOP3b:             VDST 0-7, SDST 8-14, (GCN 1.2/1.4: CLAMP 15)
//   second dword:      SRC0 0-8, SRC1 9-17, SRC2 18-26, OMOD 27-28, NEG 29-31
//   VOP3P (GCN 1.4):   VDST 0-7, NEG_HI 8-10, OP_SEL 11-13, OP_SEL_HI[2] 14, CLAMP 15,
//                      OP 16-22; second dword as VOP3 with OP_SEL_HI[0:1] at 27-28.
// VOP1/VOP2/VOPC/VINTRP operations are found through their own tables: the
// VOP3 opcode is the per-generation base plus their 32-bit opcode.
#include "isa/codec_vector_util.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {
namespace {

// The row of a VOP3 opcode: VOP3-only ops first, then the mapped 32-bit formats.
const OpInfo* findVop3(Gen g, int opc) {
  if (const OpInfo* op = findOp(Format::VOP3, g, opc)) return op;
  for (Format f : {Format::VOPC, Format::VOP2, Format::VOP1, Format::VINTRP}) {
    const int base = tables::vop3Base(f, g);
    if (base < 0 || opc < base || opc >= base + tables::vop3Span(f)) continue;
    const OpInfo* op = findOp(f, g, opc - base);
    if (op && !op->has(kLiteralOperand)) return op;  // v_madmk/v_madak have no VOP3 form
  }
  return nullptr;
}

// A VOP3 source: no literals on GCN 1.0-1.4; reserved codes are invalid.
bool validSrc(const Operand& op) { return op.kind != OpdKind::None && op.kind != OpdKind::Literal; }

// SRC0/SRC1/SRC2 in bits [8:0], [17:9], [26:18] of the second word (VOP3 and
// VOP3P alike); an operand that cannot be encoded there makes the encoding invalid.
void decodeSources(Gen g, uint32_t w1, DecodedInst& out) {
  const std::array<OpType, 3> types = {out.info->src0, out.info->src1, out.info->src2};
  for (int i = 0; i < 3; ++i) {
    if (types[i] == OpType::None) continue;
    out.src[i] = decodeSrc(g, bits(w1, 9 * i, 9), types[i]);
    if (!validSrc(out.src[i])) {
      out.info = nullptr;
      return;
    }
  }
}

void decodeInterpVop3(const DecodeInput& in, DecodedInst& out, uint32_t w1) {
  // SRC0 holds the attribute: ATTR 0-5, CHAN 6-7, HIGH 8; SRC1 the VGPR (or the
  // parameter of v_interp_mov_f32); SRC2 the second VGPR of the f16 ops.
  const OpInfo* info = out.info;
  const unsigned s0 = bits(w1, 0, 9), s1 = bits(w1, 9, 9), s2 = bits(w1, 18, 9);
  out.interp.attr = static_cast<uint8_t>(bits(s0, 0, 6));
  out.interp.chan = static_cast<uint8_t>(bits(s0, 6, 2));
  out.interp.high = bits(s0, 8, 1);
  if (info->src0 == OpType::None) {  // v_interp_mov_f32
    out.interp.param = static_cast<uint8_t>(s1);
    if (s1 > 2) out.info = nullptr;
    return;
  }
  out.src[0] = decodeSrc(in.gen, s1, info->src0);
  if (info->src2 != OpType::None) out.src[2] = decodeSrc(in.gen, s2, info->src2);
  if (!validSrc(out.src[0]) || (info->src2 != OpType::None && !validSrc(out.src[2]))) out.info = nullptr;
}

}  // namespace

bool decodeVop3(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  out.words = 2;
  out.vopEnc = VopEnc::E64;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  const bool si = in.gen <= Gen::GCN11;
  out.info = findVop3(in.gen, static_cast<int>(si ? bits(w0, 17, 9) : bits(w0, 16, 10)));
  const OpInfo* info = out.info;
  if (!info) return true;
  const bool vop3b = vec::isVop3b(info);
  out.mods.clamp = si ? bits(w0, 11, 1) : bits(w0, 15, 1);
  out.mods.omod = static_cast<uint8_t>(bits(w1, 27, 2));
  out.mods.neg = static_cast<uint8_t>(bits(w1, 29, 3));
  if (vop3b) {
    out.sdst = decodeScalar(in.gen, bits(w0, 8, 7), OpType::B64);
    if (si) out.mods.clamp = false;  // bit 11 belongs to SDST here
  } else {
    out.mods.abs = static_cast<uint8_t>(bits(w0, 8, 3));
    if (in.gen == Gen::GCN14) out.mods.opsel = static_cast<uint8_t>(bits(w0, 11, 4));
  }
  const unsigned vdst = bits(w0, 0, 8);
  if (info->format == Format::VOPC) {
    out.sdst = decodeScalar(in.gen, vdst, OpType::B64);
  } else if (info->dst != OpType::None) {
    out.dst = vec::hasScalarDst(info) ? decodeScalar(in.gen, vdst, info->dst) : decodeVgpr(vdst, info->dst);
  }
  if (vec::isInterp(info)) {
    decodeInterpVop3(in, out, w1);
    return true;
  }
  decodeSources(in.gen, w1, out);
  return true;
}

bool decodeVop3p(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  out.words = 2;
  out.vopEnc = VopEnc::E64;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  out.info = findOp(Format::VOP3P, in.gen, static_cast<int>(bits(w0, 16, 7)));
  const OpInfo* info = out.info;
  if (!info) return true;
  out.dst = decodeVgpr(bits(w0, 0, 8), info->dst);
  out.mods.negHi = static_cast<uint8_t>(bits(w0, 8, 3));
  out.mods.opsel = static_cast<uint8_t>(bits(w0, 11, 3));
  out.mods.opselHi = static_cast<uint8_t>(bits(w1, 27, 2) | bits(w0, 14, 1) << 2);
  out.mods.clamp = bits(w0, 15, 1);
  out.mods.neg = static_cast<uint8_t>(bits(w1, 29, 3));
  if (vec::isMadMix(info)) out.mods.abs = out.mods.negHi;  // v_mad_mix*: NEG_HI bits are ABS
  decodeSources(in.gen, w1, out);
  return true;
}

}  // namespace gcnsim::isa
