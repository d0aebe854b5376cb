// MIMG and EXP encodings (graphics; decoded and printed, not executed).
//
// MIMG fields (CLRX GcnInstrsMimg.md): DMASK [11:8], UNORM 12, GLC 13, DA 14,
// R128 15 (GCN 1.0-1.2) / A16 15 (GCN 1.4), TFE 16, LWE 17, OPCODE [24:18],
// SLC 25, VADDR [39:32], VDATA [47:40], SRSRC [52:48], SSAMP [57:53] (SGPR / 4),
// D16 63 (GCN 1.2/1.4).
// EXP fields (CLRX GcnInstrsVintrp.md "EXP"): EN [3:0], TGT [9:4], COMPR 10,
// DONE 11, VM 12, VSRC0..3 [39:32] [47:40] [55:48] [63:56].
#include <bit>
#include <cstdio>
#include <string>

#include "isa/format_codecs.hpp"
#include "isa/memory_fields.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {

using memdetail::sgprRange;
using memdetail::vgpr;

bool decodeMimg(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  out.words = 2;
  out.info = findOp(Format::MIMG, in.gen, bits(w0, 18, 7));
  if (!out.info) return true;
  const OpInfo& op = *out.info;
  MemMods& m = out.mem;
  m.dmask = static_cast<uint8_t>(bits(w0, 8, 4));
  m.unorm = bits(w0, 12, 1);
  m.glc = bits(w0, 13, 1);
  m.da = bits(w0, 14, 1);
  m.r128 = bits(w0, 15, 1);  // A16 on GCN 1.4
  m.tfe = bits(w0, 16, 1);
  m.lwe = bits(w0, 17, 1);
  m.slc = bits(w0, 25, 1);
  m.d16 = in.gen >= Gen::GCN12 && bits(w1, 31, 1);
  // VDATA: one dword per DMASK component (gather4 always returns four), packed
  // in pairs with D16 on GCN 1.4 (GCN 1.2 keeps D16 unpacked), plus TFE.
  const bool gather = op.layout == Layout::Gather4;
  unsigned n = gather ? 4u : static_cast<unsigned>(std::popcount(static_cast<unsigned>(m.dmask)));
  if (n == 0) n = 1;
  if (m.d16 && in.gen == Gen::GCN14) n = (n + 1) / 2;
  n += m.tfe ? 1u : 0u;
  const unsigned vdata = bits(w1, 8, 8);
  if (op.has(kAtomic)) {
    out.data0 = vgpr(vdata, n);
    if (m.glc) out.dst = vgpr(vdata, memdetail::atomicReturnRegs(op, n));
  } else if (op.has(kStore)) {
    out.data0 = vgpr(vdata, n);
  } else {
    out.dst = vgpr(vdata, n);
  }
  // The address count depends on the resource's dimension, which the encoding
  // does not hold: VADDR takes the row's (smallest) width, as LLVM prints it.
  out.addr = vgpr(bits(w1, 0, 8), static_cast<unsigned>(opTypeDwords(op.src0)));
  // R128 selects a 128-bit resource on GCN 1.0-1.2; LLVM still prints 8 SGPRs.
  const bool r128 = m.r128 && in.gen != Gen::GCN14;
  out.rsrc = sgprRange(bits(w1, 16, 5) * 4, r128 ? 4 : 8);
  if (op.src1 != OpType::None) out.src[0] = sgprRange(bits(w1, 21, 5) * 4, 4);
  return true;
}

std::string printMimg(Gen g, const DecodedInst& inst) {
  const MemMods& m = inst.mem;
  std::string s = inst.info->name;
  bool first = true;
  const Operand& vdata = inst.data0.present() ? inst.data0 : inst.dst;
  memdetail::appendOperand(s, first, operandText(g, vdata, OpType::B32));
  memdetail::appendOperand(s, first, operandText(g, inst.addr, OpType::B32));
  Operand rsrc = inst.rsrc;
  rsrc.nregs = 8;
  memdetail::appendOperand(s, first, operandText(g, rsrc, OpType::B256));
  if (inst.src[0].present()) memdetail::appendOperand(s, first, operandText(g, inst.src[0], OpType::B128));
  if (m.dmask) {
    char buf[16];
    std::snprintf(buf, sizeof buf, " dmask:0x%x", m.dmask);
    s += buf;
  }
  if (m.unorm) s += " unorm";
  if (m.glc) s += " glc";
  if (m.slc) s += " slc";
  if (m.r128) s += g == Gen::GCN14 ? " a16" : " r128";
  if (m.tfe) s += " tfe";
  if (m.lwe) s += " lwe";
  if (m.da) s += " da";
  if (m.d16) s += " d16";
  return s;
}

bool decodeExp(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  out.words = 2;
  out.info = findOp(Format::EXP, in.gen, 0);
  if (!out.info) return true;
  MemMods& m = out.mem;
  m.expEn = static_cast<uint8_t>(bits(w0, 0, 4));
  m.expTarget = static_cast<uint8_t>(bits(w0, 4, 6));
  m.expCompr = bits(w0, 10, 1);
  m.expDone = bits(w0, 11, 1);
  m.expVm = bits(w0, 12, 1);
  // With COMPR each enabled slot N reads VSRC[N/2] (two 16-bit halves per register).
  Operand* slots[4] = {&out.src[0], &out.src[1], &out.src[2], &out.data0};
  for (unsigned i = 0; i < 4; ++i)
    if (m.expEn & (1u << i)) *slots[i] = vgpr(bits(w1, 8 * (m.expCompr ? i / 2 : i), 8), 1);
  return true;
}

std::string printExp(Gen g, const DecodedInst& inst) {
  const MemMods& m = inst.mem;
  const unsigned t = m.expTarget;
  std::string tgt;
  if (t <= 7)
    tgt = "mrt" + std::to_string(t);
  else if (t == 8)
    tgt = "mrtz";
  else if (t == 9)
    tgt = "null";
  else if (t >= 12 && t <= 15)
    tgt = "pos" + std::to_string(t - 12);
  else if (t >= 32)
    tgt = "param" + std::to_string(t - 32);
  else
    tgt = "invalid_target_" + std::to_string(t);
  std::string s = "exp " + tgt;
  const Operand* slots[4] = {&inst.src[0], &inst.src[1], &inst.src[2], &inst.data0};
  for (unsigned i = 0; i < 4; ++i) {
    s += i ? ", " : " ";
    s += slots[i]->present() ? operandText(g, *slots[i], OpType::B32) : "off";
  }
  if (m.expDone) s += " done";
  if (m.expCompr) s += " compr";
  if (m.expVm) s += " vm";
  return s;
}

}  // namespace gcnsim::isa
