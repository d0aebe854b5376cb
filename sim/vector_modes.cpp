#include "sim/vector_modes.hpp"

#include "isa/opinfo.hpp"
#include "sim/gpr_index.hpp"

namespace gcnsim::sim {

bool vskipSkips(const WaveState& w, const isa::DecodedInst& in) {
  if (!((w.hw.status >> kStatusVskipBit) & 1u) || !in.valid()) return false;
  switch (in.info->unit) {
    case isa::Unit::VALU:
    case isa::Unit::VMEM:
    case isa::Unit::DS:
    case isa::Unit::EXPORT: return true;
    default: return false;
  }
}

const isa::DecodedInst& indexedInstruction(const WaveState& w, const isa::DecodedInst& in) {
  if (gprIndexEnabled(w) && applyGprIndex(w, in, gprIndexScratch())) return gprIndexScratch();
  return in;
}

}  // namespace gcnsim::sim
