// Cross-lane and register-indexed vector operations that do not fit the
// per-lane driver: v_readlane/v_writelane/v_readfirstlane (ignore EXEC),
// v_movrel* (M0-relative VGPRs), v_swap_b32, v_mqsad_u32_u8 (128-bit), v_nop.
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <bit>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

const SpecialValues* special(Exec& x) { return &x.env.special; }

// Whether a 32-bit source is a scalar/constant or a VGPR the wave has (else a fault, as for every VALU
// source).
bool sourceIn(Exec& x, const Operand& op) { return op.kind != OpdKind::VReg || x.vgprsPresent(op.reg, 1); }

// Lane `l` of a 32-bit source that sourceIn accepted (a VGPR, or a scalar/constant for every lane).
uint32_t laneValue(Exec& x, const Operand& op, unsigned l) {
  return op.kind == OpdKind::VReg ? x.w.v(op.reg)[l] : readScalar32(x.w, op, special(x));
}

// SDST = VSRC0[SSRC1 & 63] (ignores EXEC)
void v_readlane_b32(Exec& x) {
  if (!sourceIn(x, x.in.src[0])) return;
  const unsigned lane = readScalar32(x.w, x.in.src[1], special(x)) & 63;
  writeScalar32(x.w, x.in.dst, laneValue(x, x.in.src[0], lane));
}

// VDST[SSRC1 & 63] = SSRC0 (ignores EXEC)
void v_writelane_b32(Exec& x) {
  if (!x.vgprsPresent(x.in.dst.reg, 1)) return;
  const unsigned lane = readScalar32(x.w, x.in.src[1], special(x)) & 63;
  x.w.v(x.in.dst.reg)[lane] = readScalar32(x.w, x.in.src[0], special(x));
}

// SDST = VSRC0[first active lane, or lane 0 when EXEC is 0]
void v_readfirstlane_b32(Exec& x) {
  const uint64_t exec = x.w.exec();
  const unsigned lane = exec ? static_cast<unsigned>(std::countr_zero(exec)) : 0;
  if (!sourceIn(x, x.in.src[0])) return;
  writeScalar32(x.w, x.in.dst, laneValue(x, x.in.src[0], lane));
}

// VDST = VGPR[SRC0_NUMBER+M0] / VGPR[VDST_NUMBER+M0] = SRC0 / both relative.
// Indices beyond the allocation read 0 and are not written.
template <bool RelSrc, bool RelDst>
void movrel(Exec& x) {
  const uint32_t m0 = x.w.m0();
  const Operand& s = x.in.src[0];
  const uint64_t dreg = uint64_t{x.in.dst.reg} + (RelDst ? m0 : 0);
  if (dreg >= x.w.numVgprs) return;
  uint32_t* d = x.w.v(static_cast<unsigned>(dreg));
  const uint64_t sreg = s.kind == OpdKind::VReg ? uint64_t{s.reg} + (RelSrc ? m0 : 0) : 0;
  uint32_t tmp[64];
  for (unsigned l = 0; l < 64; ++l) {
    if (s.kind != OpdKind::VReg)
      tmp[l] = readScalar32(x.w, s, special(x));
    else
      tmp[l] = sreg < x.w.numVgprs ? x.w.v(static_cast<unsigned>(sreg))[l] : 0;
  }
  for (uint64_t m = x.w.exec(); m; m &= m - 1) {
    const unsigned l = std::countr_zero(m);
    d[l] = tmp[l];
  }
}

// TMP = VDST; VDST = SRC0; SRC0 = TMP
void v_swap_b32(Exec& x) {
  const Operand& s = x.in.src[0];
  if (s.kind != OpdKind::VReg || !x.vgprsPresent(s.reg, 1) || !x.vgprsPresent(x.in.dst.reg, 1)) return;
  uint32_t* a = x.w.v(x.in.dst.reg);
  uint32_t* b = x.w.v(s.reg);
  for (uint64_t m = x.w.exec(); m; m &= m - 1) {
    const unsigned l = std::countr_zero(m);
    std::swap(a[l], b[l]);
  }
}

// VDST(4) dword N = MSADU8(bytes N..N+3 of SRC0(2), SRC1, dword N of SRC2(4)), saturated to 32 bits
void v_mqsad_u32_u8(Exec& x) {
  const isa::DecodedInst& in = x.in;
  // Every VGPR it reads or writes within the allocation before any is touched: SRC0 a pair, SRC2 and VDST
  // four (the driver's check, valu_ctx.hpp, covers the per-lane ops, not this one).
  const auto vgprsIn = [&](const Operand& op, unsigned n, const char* what) {
    return op.kind != OpdKind::VReg || x.vgprsPresent(op.reg, n, what);
  };
  if (!x.vgprsPresent(in.dst.reg, 4, "VDST") || !vgprsIn(in.src[0], 2, "SRC0") ||
      !vgprsIn(in.src[1], 1, "SRC1") || !vgprsIn(in.src[2], 4, "SRC2"))
    return;
  uint64_t s0[64];
  uint32_t s1buf[64];
  vectorSource64(x.w, in.src[0], s0, special(x));
  const uint32_t* s1 = vectorSource32(x.w, in.src[1], s1buf, special(x));
  const bool s2v = in.src[2].kind == OpdKind::VReg;
  for (uint64_t m = x.w.exec(); m; m &= m - 1) {
    const unsigned l = std::countr_zero(m);
    uint32_t acc[4];
    for (unsigned n = 0; n < 4; ++n)
      acc[n] = s2v ? x.w.v(in.src[2].reg + n)[l]
                   : static_cast<uint32_t>(readScalar64(x.w, in.src[2]) >> (32 * (n & 1)));
    for (unsigned n = 0; n < 4; ++n) {
      const uint32_t a = static_cast<uint32_t>(s0[l] >> (8 * n));
      uint64_t out = acc[n];
      for (int i = 0; i < 4; ++i) {
        const uint32_t y = (s1[l] >> (i * 8)) & 0xff, v = (a >> (i * 8)) & 0xff;
        if (y) out += v > y ? v - y : y - v;
      }
      x.w.v(in.dst.reg + n)[l] = static_cast<uint32_t>(std::min<uint64_t>(out, 0xffffffffu));
    }
  }
}

void v_nop(Exec&) {}

}  // namespace

void registerValuLane(SemRegistry& r) {
  r.add("v_readlane_b32", &v_readlane_b32);
  r.add("v_writelane_b32", &v_writelane_b32);
  r.add("v_readfirstlane_b32", &v_readfirstlane_b32);
  r.add("v_movrels_b32", &movrel<true, false>);
  r.add("v_movreld_b32", &movrel<false, true>);
  r.add("v_movrelsd_b32", &movrel<true, true>);
  r.add("v_swap_b32", &v_swap_b32);
  r.add("v_mqsad_u32_u8", &v_mqsad_u32_u8);
  r.add("v_nop", &v_nop);
  // Clears the wave's exception state; gcnsim models no FP exception state.
  r.add("v_clrexcp", &v_nop);
}

}  // namespace gcnsim::sim::valu
