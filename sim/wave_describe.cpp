#include "sim/wave_describe.hpp"

#include <cstdio>

#include "isa/branch_target.hpp"
#include "isa/disasm.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::sim {

std::string describeWave(const WaveState& w, isa::Gen gen, uint64_t entryPc, const CachedInst* atPc) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "wave %u (workgroup (%u,%u,%u) wave %u) ", w.waveId, w.workgroupId[0],
                w.workgroupId[1], w.workgroupId[2], w.waveInGroup);
  std::string out = buf + entryPcText(w.pc, entryPc);
  if (!atPc) return out;
  out += " `" + isa::disassemble(gen, atPc->inst);
  // A branch names its target as the PC is named ("s_branch 65514 <entry-0x24>"), not only by the raw simm16.
  if (const auto target = isa::branchTarget(atPc->inst, w.pc)) {
    const int64_t offset = entryOffset(*target, entryPc);
    out += std::string(" <entry") + (offset < 0 ? "" : "+") + offsetHex(offset) + ">";
  }
  out += "`";
  return out;
}

}  // namespace gcnsim::sim
