// MUBUF and MTBUF encodings: decode and LLVM-syntax printing.
//
// Fields (seed 001_2fc8a7f12b5d60d9.txt, CLRX GcnInstrsMubuf.md / GcnInstrsMtbuf.md):
//   OFFSET [11:0], OFFEN 12, IDXEN 13, GLC 14,
//   MUBUF: ADDR64 15 (GCN 1.0/1.1), LDS 16, SLC 17 (GCN 1.2/1.4), OPCODE [24:18];
//   MTBUF: ADDR64 15 (GCN 1.0/1.1), OPCODE [18:16] (GCN 1.0/1.1) or [18:15] (GCN 1.2/1.4),
//          DFMT [22:19], NFMT [25:23];
//   VADDR [39:32], VDATA [47:40], SRSRC [52:48] (SGPR number / 4),
//   SLC 54 (GCN 1.0/1.1 MUBUF; MTBUF on all), TFE 55, SOFFSET [63:56].
#include <array>
#include <string>

#include "isa/format_codecs.hpp"
#include "isa/memory_fields.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {

using memdetail::sgprRange;
using memdetail::vgpr;

int d16FormatComponents(const OpInfo& op) {
  switch (op.layout) {
    case Layout::D16X: return 1;
    case Layout::D16XY: return 2;
    case Layout::D16XYZ: return 3;
    case Layout::D16XYZW: return 4;
    default: return 0;
  }
}

bool mubufReadsM0(const DecodedInst& inst) {
  return inst.info && inst.info->format == Format::MUBUF && (inst.mem.lds || inst.info->has(kReadsM0));
}

namespace {

// Registers of VDATA: the row's width, except D16 format ops on GCN 1.2,
// which keep each 16-bit component in its own dword (unpacked D16), plus the
// TFE status dword.
unsigned vdataRegs(Gen g, const OpInfo& op, bool tfe) {
  unsigned n = static_cast<unsigned>(opTypeDwords(op.dst));
  const int comps = d16FormatComponents(op);
  if (comps > 0 && g == Gen::GCN12) n = static_cast<unsigned>(comps);
  return n + (tfe ? 1u : 0u);
}

// Fields common to MUBUF and MTBUF once the opcode is known.
void decodeBufferOperands(Gen g, uint32_t w0, uint32_t w1, DecodedInst& out) {
  const OpInfo& op = *out.info;
  const bool pre12 = g <= Gen::GCN11;
  MemMods& m = out.mem;
  m.offset = static_cast<int32_t>(bits(w0, 0, 12));
  m.offen = bits(w0, 12, 1);
  m.idxen = bits(w0, 13, 1);
  m.glc = bits(w0, 14, 1);
  m.addr64 = pre12 && bits(w0, 15, 1);
  m.tfe = bits(w1, 23, 1);
  if (op.layout == Layout::CacheOp) return;  // no operands
  const unsigned vaddrRegs = (m.addr64 || (m.offen && m.idxen)) ? 2 : (m.offen || m.idxen) ? 1 : 0;
  if (vaddrRegs) out.addr = vgpr(bits(w1, 0, 8), vaddrRegs);
  out.rsrc = sgprRange(bits(w1, 16, 5) * 4, 4);
  out.soffset = decodeScalar(g, bits(w1, 24, 8), OpType::B32);
  if (op.dst == OpType::None || op.layout == Layout::StoreLds) return;
  const unsigned vdata = bits(w1, 8, 8);
  if (op.has(kAtomic)) {
    out.data0 = vgpr(vdata, vdataRegs(g, op, false));
    if (m.glc) out.dst = vgpr(vdata, memdetail::atomicReturnRegs(op, out.data0.nregs));
  } else if (op.has(kStore)) {
    out.data0 = vgpr(vdata, vdataRegs(g, op, m.tfe));
  } else if (!m.lds) {  // LDS-direct loads return nothing to VGPRs
    out.dst = vgpr(vdata, vdataRegs(g, op, m.tfe));
  }
}

}  // namespace

bool decodeMubuf(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  out.words = 2;
  out.info = findOp(Format::MUBUF, in.gen, bits(w0, 18, 7));
  if (!out.info) return true;
  out.mem.lds = bits(w0, 16, 1);
  out.mem.slc = in.gen <= Gen::GCN11 ? bits(w1, 22, 1) : bits(w0, 17, 1);
  decodeBufferOperands(in.gen, w0, w1, out);
  return true;
}

bool decodeMtbuf(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  out.words = 2;
  const int opcode = in.gen <= Gen::GCN11 ? bits(w0, 16, 3) : bits(w0, 15, 4);
  out.info = findOp(Format::MTBUF, in.gen, opcode);
  if (!out.info) return true;
  out.mem.dfmt = static_cast<uint8_t>(bits(w0, 19, 4));
  out.mem.nfmt = static_cast<uint8_t>(bits(w0, 23, 3));
  out.mem.slc = bits(w1, 22, 1);
  decodeBufferOperands(in.gen, w0, w1, out);
  return true;
}

namespace {

// LLVM's symbolic buffer format (AMDGPUAsmUtils MTBUFFormat, GCN 1.0-1.4 names).
std::string formatText(Gen g, unsigned dfmt, unsigned nfmt) {
  static constexpr std::array<const char*, 16> dfmts = {
      "INVALID",     "8",        "16",          "8_8",        "32",      "16_16",
      "10_11_11",    "11_11_10", "10_10_10_2",  "2_10_10_10", "8_8_8_8", "32_32",
      "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15"};
  static constexpr std::array<const char*, 8> nfmts = {"UNORM", "SNORM", "USCALED",    "SSCALED",
                                                       "UINT",  "SINT",  "RESERVED_6", "FLOAT"};
  // NFMT 6 is SNORM_OGL on GCN 1.0/1.1 (LLVM's gfx6/7 name), reserved later.
  const char* nfmtName = (nfmt & 7) == 6 && g <= Gen::GCN11 ? "SNORM_OGL" : nfmts[nfmt & 7];
  constexpr unsigned kDefaultDfmt = 1, kDefaultNfmt = 0;  // omitted by LLVM's printer
  if (dfmt == kDefaultDfmt && nfmt == kDefaultNfmt) return "";
  std::string s = " format:[";
  if (dfmt != kDefaultDfmt) s += std::string("BUF_DATA_FORMAT_") + dfmts[dfmt & 15];
  if (nfmt != kDefaultNfmt) {
    if (dfmt != kDefaultDfmt) s += ',';
    s += std::string("BUF_NUM_FORMAT_") + nfmtName;
  }
  return s + "]";
}

}  // namespace

std::string printBuffer(Gen g, const DecodedInst& inst) {
  const OpInfo& op = *inst.info;
  std::string s = op.name;
  if (op.layout == Layout::CacheOp) return s;
  const MemMods& m = inst.mem;
  bool first = true;
  const Operand& vdata = inst.data0.present() ? inst.data0 : inst.dst;
  if (vdata.present()) memdetail::appendOperand(s, first, operandText(g, vdata, OpType::B32));
  if (op.layout != Layout::StoreLds)
    memdetail::appendOperand(s, first, inst.addr.present() ? operandText(g, inst.addr, OpType::B32) : "off");
  // LLVM prints resource ranges as 4 registers and SOFFSET as a 32-bit scalar.
  memdetail::appendOperand(s, first, operandText(g, inst.rsrc, OpType::B128));
  memdetail::appendOperand(s, first, operandText(g, inst.soffset, OpType::B32));
  if (op.format == Format::MTBUF) s += formatText(g, m.dfmt, m.nfmt);
  if (m.idxen) s += " idxen";
  if (m.offen) s += " offen";
  if (m.addr64) s += " addr64";
  if (m.offset) s += " offset:" + std::to_string(m.offset);
  if (m.glc) s += " glc";
  if (m.slc) s += " slc";
  if (m.lds) s += " lds";
  if (m.tfe) s += " tfe";
  return s;
}

}  // namespace gcnsim::isa
