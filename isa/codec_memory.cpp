// printMemory: dispatch to the per-family memory printers (codec_ds.cpp,
// codec_buffer.cpp, codec_image.cpp, codec_flat.cpp), plus shared helpers.
#include "isa/format_codecs.hpp"
#include "isa/memory_fields.hpp"

namespace gcnsim::isa {

namespace memdetail {
void appendOperand(std::string& s, bool& first, const std::string& text) {
  s += first ? " " : ", ";
  s += text;
  first = false;
}
}  // namespace memdetail

std::string printMemory(Gen g, const DecodedInst& inst) {
  if (!inst.info) return "";
  switch (inst.info->format) {
    case Format::DS: return printDs(g, inst);
    case Format::MUBUF:
    case Format::MTBUF: return printBuffer(g, inst);
    case Format::MIMG: return printMimg(g, inst);
    case Format::EXP: return printExp(g, inst);
    case Format::FLAT:
    case Format::GLOBAL:
    case Format::SCRATCH: return printFlat(g, inst);
    default: return inst.info->name;
  }
}

}  // namespace gcnsim::isa
