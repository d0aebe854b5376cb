// The per-instruction context of the vector ALU driver: what one VALU
// instruction's lane loops read besides the lanes (MODE, clamp/omod, the
// encoding, EXEC and the lanes to write), fixed when the instruction starts.
#pragma once
#include <cstdint>

#include "isa/decoded.hpp"
#include "isa/gen.hpp"
#include "sim/exec_context.hpp"
#include "sim/semantics/valu_float.hpp"
#include "sim/semantics/valu_kinds.hpp"

namespace gcnsim::sim::valu {

struct Ctx {
  explicit Ctx(Exec& xx)
      : x(xx),
        w(xx.w),
        in(xx.in),
        gen(xx.w.gen),
        enc(xx.in.vopEnc),
        fp(FpMode::fromMode(xx.w.hw.mode, xx.w.gen >= Gen::GCN12)),
        clamp(xx.in.mods.clamp),
        omod(xx.in.mods.omod),
        opsel(xx.in.vopEnc == VopEnc::E64 && xx.w.gen == Gen::GCN14),
        exec(xx.w.exec()),
        writeMask(exec) {
    // Sources read as they are (only MODE denormal flushing): no neg/abs, no
    // op_sel, no SDWA selection (src0/src1), no DPP permutation (src0).
    unsigned special = xx.in.mods.neg | xx.in.mods.abs | (opsel ? xx.in.mods.opsel : 0);
    if (enc == VopEnc::SDWA) special |= 3;
    if (enc == VopEnc::DPP) special |= 1;
    plainSrc = static_cast<uint8_t>(~special);
  }

  Exec& x;
  WaveState& w;
  const isa::DecodedInst& in;
  Gen gen;
  VopEnc enc;
  FpMode fp;
  bool clamp;
  uint8_t omod;
  bool opsel;  // VOP3 op_sel applies (GCN 1.4 VOP3 encoding)
  bool ftz = false;
  uint64_t exec;       // EXEC when the instruction starts
  uint64_t writeMask;  // lanes that are written: EXEC, DPP row/bank masks and valid DPP sources
  uint8_t plainSrc;    // bit i: source i needs no modifier, SDWA or DPP processing
  bool bad = false;

  // Round mode that f16 results use: the double/half field on GCN 1.2+, the
  // single field before (v_cvt_f16_f32, v_cvt_pkrtz on GCN 1.0/1.1).
  uint8_t round16() const { return gen >= Gen::GCN12 ? fp.round64 : fp.round32; }
  bool flushIn16() const { return fp.hasF16Denorm && (!fp.allowIn64 || ftz); }
  bool flushOut16() const { return fp.hasF16Denorm && (!fp.allowOut64 || ftz); }

  void fault(const char* what) {
    if (!bad) x.fault(what);
    bad = true;
  }
  bool vgprOk(unsigned reg, unsigned n) {
    if (reg + n <= w.numVgprs) return true;
    if (!bad) x.vgprsPresent(reg, n);  // the fault, naming the registers
    bad = true;
    return false;
  }
};

}  // namespace gcnsim::sim::valu
