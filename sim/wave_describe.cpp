#include "sim/wave_describe.hpp"

#include <cstdio>

#include "isa/disasm.hpp"

namespace gcnsim::sim {

std::string describeWave(const WaveState& w, isa::Gen gen, uint64_t codeBase, const CachedInst* atPc) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "wave %u (workgroup (%u,%u,%u) wave %u) pc 0x%llx (entry+0x%llx)", w.waveId,
                w.workgroupId[0], w.workgroupId[1], w.workgroupId[2], w.waveInGroup,
                static_cast<unsigned long long>(w.pc), static_cast<unsigned long long>(w.pc - codeBase));
  std::string out = buf;
  if (atPc) out += " `" + isa::disassemble(gen, atPc->inst) + "`";
  return out;
}

}  // namespace gcnsim::sim
