// Helpers of the memory-format codecs (DS, MUBUF, MTBUF, MIMG, EXP,
// FLAT/GLOBAL/SCRATCH) and facts later layers need about decoded memory
// instructions that a table row alone cannot tell (they depend on encoding bits
// or the generation).
//
// Where the operands of a decoded memory instruction live (isa/decoded.hpp):
//   DS:     dst = VDST, addr = ADDR, data0 = DATA0, data1 = DATA1,
//           mem.offset/offset1 = OFFSET0/OFFSET1 (read2/write2/wrxchg2) or the 16-bit OFFSET.
//           The GWS ops' data operand (ds_gws_init/barrier/sema_br) is in data0,
//           although LLVM 15 encodes it in the ADDR field (we follow LLVM).
//   MUBUF/MTBUF: addr = VADDR (absent for "off"), rsrc = SRSRC, soffset = SOFFSET,
//           dst = returned data (loads; atomics with GLC), data0 = stored data
//           (stores; atomics: data, plus compare value for cmpswap).
//   MIMG:   as MUBUF; src[0] = SSAMP for the sampling ops.
//   EXP:    src[0..2] = VSRC0..VSRC2, data0 = VSRC3 (present where EN enables them).
//   FLAT/GLOBAL/SCRATCH: addr = VADDR (absent for "off"), soffset = SADDR
//           (GCN 1.4; absent for "off"), dst/data0 as MUBUF.
#pragma once
#include <cstdint>
#include <string>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

// DS ops addressing two elements with OFFSET0/OFFSET1 (ds_read2*, ds_write2*, ds_wrxchg2*).
bool dsIsTwoAddress(const OpInfo& info);

// Whether the DS instruction reads M0: every DS op on GCN 1.0-1.2 (M0 limits
// the LDS, seed 004); on GCN 1.4 only GDS accesses, ds_append/consume,
// ds_gws_*, ds_ordered_count and the addtid ops (M0 holds a base).
bool dsReadsM0(Gen g, const DecodedInst& inst);

// Whether a MUBUF instruction reads M0: the LDS-direct loads (LDS bit) and
// buffer_store_lds_dword, where M0 holds the LDS base (seed 001).
bool mubufReadsM0(const DecodedInst& inst);

// Number of 16-bit components of a *_format_d16_* buffer op, 0 otherwise.
int d16FormatComponents(const OpInfo& op);

// Per-family printers behind printMemory (isa/codec_*.cpp).
std::string printDs(Gen g, const DecodedInst& inst);
std::string printBuffer(Gen g, const DecodedInst& inst);  // MUBUF and MTBUF
std::string printMimg(Gen g, const DecodedInst& inst);
std::string printExp(Gen g, const DecodedInst& inst);
std::string printFlat(Gen g, const DecodedInst& inst);  // FLAT, GLOBAL, SCRATCH

namespace memdetail {

// A VGPR operand spanning `n` registers starting at `r`.
inline Operand vgpr(unsigned r, unsigned n) {
  Operand op;
  op.kind = OpdKind::VReg;
  op.nregs = static_cast<uint8_t>(n);
  op.code = static_cast<uint16_t>(256 + (r & 0xff));
  op.reg = static_cast<uint16_t>(r & 0xff);
  return op;
}

// An SGPR range (SRSRC/SSAMP/SADDR) starting at scalar operand code `code`.
inline Operand sgprRange(unsigned code, unsigned n) {
  Operand op;
  op.kind = OpdKind::SReg;
  op.nregs = static_cast<uint8_t>(n);
  op.code = static_cast<uint16_t>(code);
  op.reg = static_cast<uint16_t>(code);
  return op;
}

// Appends ", <operand text>" (or the first operand with a space).
void appendOperand(std::string& s, bool& first, const std::string& text);

// Register count of returned data for an atomic with `dataRegs` of data:
// cmpswap carries the compare value too and returns only half.
inline unsigned atomicReturnRegs(const OpInfo& info, unsigned dataRegs) {
  return info.layout == Layout::CmpSwap ? dataRegs / 2 : dataRegs;
}

}  // namespace memdetail

}  // namespace gcnsim::isa
