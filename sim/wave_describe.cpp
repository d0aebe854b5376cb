#include "sim/wave_describe.hpp"

#include <cstdio>

#include "isa/disasm.hpp"

namespace gcnsim::sim {

std::string describeWave(const WaveState& w, isa::Gen gen, uint64_t entryPc, const CachedInst* atPc) {
  char buf[160];
  const bool before = w.pc < entryPc;
  std::snprintf(buf, sizeof buf, "wave %u (workgroup (%u,%u,%u) wave %u) pc 0x%llx (entry%c0x%llx)", w.waveId,
                w.workgroupId[0], w.workgroupId[1], w.workgroupId[2], w.waveInGroup,
                static_cast<unsigned long long>(w.pc), before ? '-' : '+',
                static_cast<unsigned long long>(before ? entryPc - w.pc : w.pc - entryPc));
  std::string out = buf;
  if (atPc) out += " `" + isa::disassemble(gen, atPc->inst) + "`";
  return out;
}

}  // namespace gcnsim::sim
