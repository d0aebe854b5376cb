#include "sim/wave_describe.hpp"

#include <cstdio>

#include "isa/disasm.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::sim {

std::string describeWave(const WaveState& w, isa::Gen gen, uint64_t entryPc, const CachedInst* atPc) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "wave %u (workgroup (%u,%u,%u) wave %u) ", w.waveId, w.workgroupId[0],
                w.workgroupId[1], w.workgroupId[2], w.waveInGroup);
  std::string out = buf + entryPcText(w.pc, entryPc);
  if (atPc) out += " `" + isa::disassemble(gen, atPc->inst) + "`";
  return out;
}

}  // namespace gcnsim::sim
