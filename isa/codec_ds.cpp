// DS (LDS/GDS) encoding: decode and LLVM-syntax printing.
//
// Fields (seed 004_b50c7630dc28dbb3.txt, CLRX GcnInstrsDs.md):
//   OFFSET0 [7:0], OFFSET1 [15:8] (or one 16-bit OFFSET [15:0]),
//   GDS bit 17 / OPCODE [25:18] on GCN 1.0/1.1, GDS bit 16 / OPCODE [24:17] on GCN 1.2/1.4,
//   ADDR [39:32], DATA0 [47:40], DATA1 [55:48], VDST [63:56].
#include <string>

#include "isa/format_codecs.hpp"
#include "isa/memory_fields.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {

using memdetail::vgpr;

// read2/write2/wrxchg2 (and st64): the table's role column (isa/tables/timing_facts.txt).
bool dsIsTwoAddress(const OpInfo& info) {
  return info.timing.role == TimingRole::LdsPair || info.timing.role == TimingRole::LdsPairSt64;
}

bool dsReadsM0(Gen g, const DecodedInst& inst) {
  if (!inst.info || inst.info->format != Format::DS) return false;
  return g != Gen::GCN14 || inst.mem.gds || inst.info->has(kDsReadsM0Gcn14);
}

bool decodeDs(const DecodeInput& in, DecodedInst& out) {
  if (in.avail < 2) return false;
  const uint32_t w0 = in.w[0], w1 = in.w[1];
  const bool pre12 = in.gen <= Gen::GCN11;
  const int opcode = pre12 ? bits(w0, 18, 8) : bits(w0, 17, 8);
  out.words = 2;
  out.info = findOp(Format::DS, in.gen, opcode);
  if (!out.info) return true;
  const OpInfo& op = *out.info;
  out.mem.gds = bits(w0, pre12 ? 17 : 16, 1);
  if (dsIsTwoAddress(op)) {
    out.mem.offset = static_cast<int32_t>(bits(w0, 0, 8));
    out.mem.offset1 = static_cast<uint8_t>(bits(w0, 8, 8));
  } else {
    out.mem.offset = static_cast<int32_t>(bits(w0, 0, 16));
  }
  const unsigned addr = bits(w1, 0, 8), data0 = bits(w1, 8, 8), data1 = bits(w1, 16, 8),
                 vdst = bits(w1, 24, 8);
  if (op.dst != OpType::None) out.dst = vgpr(vdst, opTypeDwords(op.dst));
  if (op.src0 != OpType::None) out.addr = vgpr(addr, 1);
  // LLVM 15 encodes the data operand of the GWS ops (no ADDR) in the ADDR field.
  const bool dataInAddr = op.src0 == OpType::None && op.layout == Layout::DsGws;
  if (op.src1 != OpType::None) out.data0 = vgpr(dataInAddr ? addr : data0, opTypeDwords(op.src1));
  if (op.src2 != OpType::None) out.data1 = vgpr(data1, opTypeDwords(op.src2));
  return true;
}

namespace {

// ds_swizzle_b32's OFFSET as LLVM prints it (AMDGPUInstPrinter::printSwizzle):
// QUAD_PERM when bits [15:8] are 0x80, otherwise a BITMASK_PERM triple
// (and/or/xor masks in bits [4:0], [9:5], [14:10]) shown in its shortest form.
std::string swizzleText(unsigned imm) {
  if (imm == 0) return "";
  if ((imm & 0xff00) == 0x8000) {
    std::string s = " offset:swizzle(QUAD_PERM";
    for (int i = 0; i < 4; ++i) s += "," + std::to_string((imm >> (2 * i)) & 3);
    return s + ")";
  }
  if (imm & 0x8000) return " offset:" + std::to_string(imm);
  const unsigned andMask = imm & 0x1f, orMask = (imm >> 5) & 0x1f, xorMask = (imm >> 10) & 0x1f;
  const auto pow2 = [](unsigned v) { return v != 0 && (v & (v - 1)) == 0; };
  if (andMask == 0x1f && orMask == 0 && pow2(xorMask))
    return " offset:swizzle(SWAP," + std::to_string(xorMask) + ")";
  if (andMask == 0x1f && orMask == 0 && xorMask > 0 && pow2(xorMask + 1))
    return " offset:swizzle(REVERSE," + std::to_string(xorMask + 1) + ")";
  const unsigned groupSize = 0x1f - andMask + 1;
  if (groupSize > 1 && pow2(groupSize) && orMask < groupSize && xorMask == 0)
    return " offset:swizzle(BROADCAST," + std::to_string(groupSize) + "," + std::to_string(orMask) + ")";
  // Each lane-id bit, MSB first: 0/1 forced, p preserved, i inverted.
  const unsigned probe0 = orMask ^ xorMask, probe1 = ((0x1f & andMask) | orMask) ^ xorMask;
  std::string s = " offset:swizzle(BITMASK_PERM,\"";
  for (unsigned m = 0x10; m; m >>= 1) {
    const bool p0 = probe0 & m, p1 = probe1 & m;
    s += p0 == p1 ? (p0 ? '1' : '0') : (p0 ? 'i' : 'p');
  }
  return s + "\")";
}

}  // namespace

std::string printDs(Gen g, const DecodedInst& inst) {
  const OpInfo& op = *inst.info;
  std::string s = op.name;
  bool first = true;
  for (const Operand* o : {&inst.dst, &inst.addr, &inst.data0, &inst.data1})
    if (o->present()) memdetail::appendOperand(s, first, operandText(g, *o, OpType::B32));
  if (dsIsTwoAddress(op)) {
    if (inst.mem.offset) s += " offset0:" + std::to_string(inst.mem.offset);
    if (inst.mem.offset1) s += " offset1:" + std::to_string(inst.mem.offset1);
  } else if (op.layout == Layout::DsSwizzle) {
    s += swizzleText(static_cast<unsigned>(inst.mem.offset));
  } else if (inst.mem.offset) {
    s += " offset:" + std::to_string(inst.mem.offset);
  }
  if (inst.mem.gds) s += " gds";
  return s;
}

}  // namespace gcnsim::isa
