// DPP lane permutation of the vector ALU driver (valu_sdwa_dpp.hpp): once per
// DPP instruction, so out of line.
#include "sim/semantics/valu_sdwa_dpp.hpp"

#include "isa/dpp_ctrl.hpp"

namespace gcnsim::sim::valu {

void applyDpp(Ctx& c, const uint32_t* p, uint32_t* out) {
  const isa::DppMods& d = c.in.dpp;
  uint64_t keep = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const bool rowOn = (d.rowMask >> (l >> 4)) & 1, bankOn = (d.bankMask >> ((l >> 2) & 3)) & 1;
    const int s = isa::dppSourceLane(d.ctrl, l);  // isa/dpp_ctrl.hpp
    const bool valid = s >= 0 && ((c.exec >> s) & 1);
    out[l] = valid ? p[s] : 0;
    if (rowOn && bankOn && (valid || d.boundCtrl)) keep |= 1ull << l;
  }
  c.writeMask &= keep;
}

}  // namespace gcnsim::sim::valu
