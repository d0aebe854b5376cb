// DPP lane permutation of the vector ALU driver (valu_sdwa_dpp.hpp): once per
// DPP instruction, so out of line.
#include "sim/semantics/valu_sdwa_dpp.hpp"

namespace gcnsim::sim::valu {

int dppSourceLane(unsigned ctrl, unsigned l) {
  const unsigned row = l & ~15u, inRow = l & 15;
  if (ctrl <= 0xff) return static_cast<int>((l & ~3u) + ((ctrl >> ((l & 3) * 2)) & 3));
  if (ctrl >= 0x101 && ctrl <= 0x10f) {  // row_shl
    const unsigned s = ctrl & 15;
    return inRow + s <= 15 ? static_cast<int>(row + inRow + s) : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11f) {  // row_shr
    const unsigned s = ctrl & 15;
    return inRow >= s ? static_cast<int>(row + inRow - s) : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12f)
    return static_cast<int>(row + ((16 + inRow - (ctrl & 15)) & 15));  // row_ror
  switch (ctrl) {
    case 0x130: return l + 1 < 64 ? static_cast<int>(l + 1) : -1;    // wave_shl:1
    case 0x134: return static_cast<int>((l + 1) & 63);               // wave_rol:1
    case 0x138: return l >= 1 ? static_cast<int>(l - 1) : -1;        // wave_shr:1
    case 0x13c: return static_cast<int>((l - 1) & 63);               // wave_ror:1
    case 0x140: return static_cast<int>(row + (inRow ^ 15));         // row_mirror
    case 0x141: return static_cast<int>((l & ~7u) + ((l & 7) ^ 7));  // row_half_mirror
    case 0x142:
      return l >= 16 ? static_cast<int>(row - 1) : -1;  // row_bcast:15 (last lane of the previous row)
    case 0x143: return l >= 32 ? 31 : -1;               // row_bcast:31
    default: return -1;
  }
}

void applyDpp(Ctx& c, const uint32_t* p, uint32_t* out) {
  const isa::DppMods& d = c.in.dpp;
  uint64_t keep = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const bool rowOn = (d.rowMask >> (l >> 4)) & 1, bankOn = (d.bankMask >> ((l >> 2) & 3)) & 1;
    const int s = dppSourceLane(d.ctrl, l);
    const bool valid = s >= 0 && ((c.exec >> s) & 1);
    out[l] = valid ? p[s] : 0;
    if (rowOn && bankOn && (valid || d.boundCtrl)) keep |= 1ull << l;
  }
  c.writeMask &= keep;
}

}  // namespace gcnsim::sim::valu
