#include "isa/disasm.hpp"

#include <cstdio>

#include "isa/format_codecs.hpp"

namespace gcnsim::isa {

std::string disassemble(Gen g, const DecodedInst& inst) {
  if (!inst.valid()) {
    char buf[24];
    std::snprintf(buf, sizeof buf, ".long 0x%08x", inst.raw[0]);
    return buf;
  }
  switch (inst.info->format) {
    case Format::SOP2:
    case Format::SOPK:
    case Format::SOP1:
    case Format::SOPC:
    case Format::SOPP:
    case Format::SMRD:
    case Format::SMEM: return printScalar(g, inst);
    case Format::VOP2:
    case Format::VOP1:
    case Format::VOPC:
    case Format::VOP3:
    case Format::VOP3P:
    case Format::VINTRP: return printVector(g, inst);
    default: return printMemory(g, inst);
  }
}

}  // namespace gcnsim::isa
