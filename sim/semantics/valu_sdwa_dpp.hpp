// SDWA and DPP, the two lane-level encodings of the vector ALU
// (GcnSdwaDpp.md): DPP permutes src0's lanes (once per instruction, out of
// line in valu_sdwa_dpp.cpp); SDWA selects a byte or word of src0/src1 and
// writes the result into a byte or word of the destination (per lane, inline).
#pragma once
#include <cstdint>

#include "sim/semantics/valu_ctx.hpp"

namespace gcnsim::sim::valu {

// DPP on src0: permutes `p` into `out`; lanes whose source is out of range or
// inactive read 0 with bound_ctrl, otherwise they are not written; rows and
// banks disabled by row_mask/bank_mask are not written.
void applyDpp(Ctx& c, const uint32_t* p, uint32_t* out);

// SDWA src0_sel/src1_sel: byte 0-3 or word 4-5 of v (sign-extended with
// sext), or v itself (6, DWORD).
inline uint32_t sdwaSelect(uint32_t v, unsigned sel, bool sext) {
  switch (sel) {
    case 0:
    case 1:
    case 2:
    case 3: {
      const uint32_t b = (v >> (sel * 8)) & 0xff;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(b))) : b;
    }
    case 4:
    case 5: {
      const uint32_t h = (v >> ((sel - 4) * 16)) & 0xffff;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h))) : h;
    }
    default: return v;
  }
}

// SDWA dst_sel/dst_unused: the destination dword when v is written into the
// selected byte or word of `old` (PAD zeroes, SEXT sign-extends, PRESERVE
// keeps the other bits).
inline uint32_t sdwaDst(uint32_t old, uint32_t v, unsigned sel, unsigned unused) {
  if (sel >= 6) return v;
  const unsigned width = sel < 4 ? 8 : 16, shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
  const uint32_t low = (1u << width) - 1, tmp = v & low;
  switch (unused) {
    case 1: {  // SEXT
      const int32_t s = width == 8 ? static_cast<int8_t>(tmp) : static_cast<int16_t>(tmp);
      return static_cast<uint32_t>(s) << shift;
    }
    case 2: return (tmp << shift) | (old & ~(low << shift));  // PRESERVE
    default: return tmp << shift;                             // PAD
  }
}

}  // namespace gcnsim::sim::valu
