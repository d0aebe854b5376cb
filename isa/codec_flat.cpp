// FLAT encoding (GCN 1.1+) and its GLOBAL/SCRATCH segments (GCN 1.4):
// decode and LLVM-syntax printing.
//
// Fields (CLRX GcnInstrsFlat.md):
//   GCN 1.1/1.2: GLC 16, SLC 17, OPCODE [24:18], VADDR [39:32], DATA [47:40],
//                TFE 55, VDST [63:56].
//   GCN 1.4:     OFFSET [12:0] (13-bit signed for GLOBAL/SCRATCH, 12-bit
//                unsigned for FLAT), LDS 13, SEG [15:14] (0 FLAT, 1 SCRATCH,
//                2 GLOBAL), GLC 16, SLC 17, OPCODE [24:18], VADDR [39:32],
//                DATA [47:40], SADDR [54:48] (0x7f = off), NV 55, VDST [63:56].
#include <string>

#include "isa/format_codecs.hpp"
#include "isa/memory_fields.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {

using memdetail::sgprRange;
using memdetail::vgpr;

namespace {
constexpr unsigned kSaddrOff = 0x7f;
}

bool decodeFlat(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  const bool gcn14 = in.gen == Gen::GCN14;
  out.words = 2;
  MemMods& m = out.mem;
  m.seg = gcn14 ? static_cast<uint8_t>(bits(w0, 14, 2)) : 0;
  static constexpr Format kSegFormat[4] = {Format::FLAT, Format::SCRATCH, Format::GLOBAL, Format::Count};
  const Format f = kSegFormat[m.seg];
  if (f == Format::Count) {  // SEG 3 is reserved
    out.info = nullptr;
    return true;
  }
  out.encoding = f;
  out.info = findOp(f, in.gen, bits(w0, 18, 7));
  if (!out.info) return true;
  const OpInfo& op = *out.info;
  m.glc = bits(w0, 16, 1);
  m.slc = bits(w0, 17, 1);
  unsigned vaddrRegs = f == Format::SCRATCH ? 1 : 2;
  if (gcn14) {
    m.lds = bits(w0, 13, 1);
    m.nv = bits(w1, 23, 1);
    if (f == Format::FLAT) {
      m.offset = static_cast<int32_t>(bits(w0, 0, 12));
    } else {
      m.offset = static_cast<int32_t>(bits(w0, 0, 13) ^ 0x1000u) - 0x1000;  // sign-extend 13 bits
      const unsigned saddr = bits(w1, 16, 7);
      if (saddr != kSaddrOff) {
        // GLOBAL: 64-bit SGPR base + 32-bit VGPR offset; SCRATCH: SGPR offset, no VADDR.
        out.soffset = sgprRange(saddr, f == Format::GLOBAL ? 2 : 1);
        vaddrRegs = f == Format::GLOBAL ? 1 : 0;
      }
    }
  } else {
    m.tfe = bits(w1, 23, 1);
  }
  if (vaddrRegs) out.addr = vgpr(bits(w1, 0, 8), vaddrRegs);
  const unsigned dataRegs = static_cast<unsigned>(opTypeDwords(op.dst));
  if (op.has(kAtomic)) {
    out.data0 = vgpr(bits(w1, 8, 8), dataRegs);
    if (m.glc) out.dst = vgpr(bits(w1, 24, 8), memdetail::atomicReturnRegs(op, dataRegs) + (m.tfe ? 1 : 0));
  } else if (op.has(kStore)) {
    out.data0 = vgpr(bits(w1, 8, 8), dataRegs);
  } else {
    out.dst = vgpr(bits(w1, 24, 8), dataRegs + (m.tfe ? 1 : 0));
  }
  return true;
}

std::string printFlat(Gen g, const DecodedInst& inst) {
  const MemMods& m = inst.mem;
  const Format f = inst.info->format;
  std::string s = inst.info->name;
  bool first = true;
  if (inst.dst.present()) memdetail::appendOperand(s, first, operandText(g, inst.dst, OpType::B32));
  memdetail::appendOperand(s, first, inst.addr.present() ? operandText(g, inst.addr, OpType::B32) : "off");
  if (inst.data0.present()) memdetail::appendOperand(s, first, operandText(g, inst.data0, OpType::B32));
  if (f != Format::FLAT)
    memdetail::appendOperand(s, first,
                             inst.soffset.present() ? operandText(g, inst.soffset, OpType::B32) : "off");
  if (m.offset) s += " offset:" + std::to_string(m.offset);
  if (m.glc) s += " glc";
  if (m.slc) s += " slc";
  if (m.lds) s += " lds";
  if (m.tfe) s += " tfe";
  if (m.nv) s += " nv";
  return s;
}

}  // namespace gcnsim::isa
