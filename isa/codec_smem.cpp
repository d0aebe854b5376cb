// Decoders of the scalar memory formats: SMRD (GCN 1.0/1.1, seed
// 003_d79646fcab33cb6c.txt) and SMEM (GCN 1.2/1.4, seed 000_f05d49f6c840f2a3.txt).

#include "isa/format_codecs.hpp"
#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {
namespace {

// Places SDATA by the kind of operation: loads return into dst; stores read
// data0; atomics read data0 and, with GLC, also return the old value into dst.
// Returns false for a reserved register (the instruction is then invalid).
bool placeSdata(Gen g, unsigned code, DecodedInst& out) {
  const OpInfo& op = *out.info;
  if (op.dst == OpType::None) return true;
  const Operand sdata = decodeScalar(g, code & 0x7f, op.dst);
  if (op.has(kStore) || op.has(kAtomic)) out.data0 = sdata;
  if (!op.has(kStore) && (!op.has(kAtomic) || out.mem.glc)) out.dst = sdata;
  return sdata.present();
}

// SBASE: an SGPR pair number; 2 or 4 registers by the row's src0 type.
bool placeSbase(Gen g, unsigned pair, DecodedInst& out) {
  if (out.info->src0 == OpType::None) return true;
  out.src[0] = decodeScalar(g, pair * 2, out.info->src0);
  return out.src[0].present();
}

// An offset register: SGPRs and special scalar registers (codes 0..127).
bool offsetRegister(Gen g, unsigned code, DecodedInst& out) {
  if (code > 127) return false;
  out.soffset = decodeScalar(g, code, OpType::B32);
  return true;
}

}  // namespace

// SMRD: OFFSET 0-7, IMM 8, SBASE 9-14 (SGPR pair), SDST 15-21, OP 22-26.
// IMM=1: OFFSET is a dword offset; IMM=0: OFFSET names the SGPR holding a byte
// offset, except 255 on GCN 1.1, where a 32-bit literal dword offset follows.
bool decodeSmrd(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SMRD, in.gen, static_cast<int>(bits(w, 22, 5)));
  if (!out.info) return true;
  if (!placeSbase(in.gen, bits(w, 9, 6), out) || !placeSdata(in.gen, bits(w, 15, 7), out)) {
    out.info = nullptr;
    return true;
  }
  const unsigned offset = bits(w, 0, 8);
  if (bits(w, 8, 1)) {
    out.mem.immOffset = true;
    out.mem.offset = static_cast<int32_t>(offset * 4);
  } else if (offset == 255 && in.gen == Gen::GCN11) {
    if (in.avail < 2) return false;
    out.words = 2;
    out.mem.immOffset = true;
    out.mem.offset = static_cast<int32_t>(in.w[1] * 4u);  // bytes, modulo 2^32
  } else {
    out.mem.immOffset = false;
    if (!offsetRegister(in.gen, offset, out)) out.info = nullptr;
  }
  return true;
}

// SMEM (2 dwords): SBASE 0-5, SDATA 6-12, SOE 14 and NV 15 (GCN 1.4), GLC 16,
// IMM 17, OP 18-25; OFFSET 32-51 (GCN 1.2, unsigned) or 32-52 (GCN 1.4,
// signed), SOFFSET 57-63. Address forms by IMM/SOE: seed 000_f05d49f6c840f2a3.txt.
bool decodeSmem(const DecodeInput& in, DecodedInst& out) {
  const uint32_t w = in.w[0];
  out.info = findOp(Format::SMEM, in.gen, static_cast<int>(bits(w, 18, 8)));
  if (!out.info) return true;
  if (in.avail < 2) return false;
  out.words = 2;
  const OpInfo& op = *out.info;
  const uint32_t w1 = in.w[1];
  const bool gfx9 = in.gen == Gen::GCN14;
  out.mem.glc = bits(w, 16, 1);
  out.mem.soe = gfx9 && bits(w, 14, 1);
  out.mem.nv = gfx9 && bits(w, 15, 1);
  out.mem.immOffset = bits(w, 17, 1);
  if (!placeSbase(in.gen, bits(w, 0, 6), out) || !placeSdata(in.gen, bits(w, 6, 7), out)) {
    out.info = nullptr;
    return true;
  }
  if (op.layout == Layout::AtcProbe) {
    // s_atc_probe*: the SDATA field holds the probe mode.
    out.simm16 = static_cast<int32_t>(bits(w, 6, 7));
  }
  if (op.src0 == OpType::None) return true;  // s_memtime, s_dcache_*: no address
  if (out.mem.immOffset) {
    // 20-bit unsigned (GCN 1.2) or 21-bit signed (GCN 1.4) byte offset.
    out.mem.offset = gfx9 ? (static_cast<int32_t>(w1 << 11) >> 11) : static_cast<int32_t>(bits(w1, 0, 20));
    if (out.mem.soe && !offsetRegister(in.gen, bits(w1, 25, 7), out)) out.info = nullptr;
  } else {
    out.mem.offset = 0;
    // The OFFSET field names the register in its low 7 bits (as LLVM decodes it).
    const unsigned reg = out.mem.soe ? bits(w1, 25, 7) : bits(w1, 0, 7);
    if (!offsetRegister(in.gen, reg, out)) out.info = nullptr;
  }
  return true;
}

}  // namespace gcnsim::isa
