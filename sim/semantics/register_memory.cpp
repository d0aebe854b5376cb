// Registration of the memory semantics: DS (LDS/GDS), MUBUF/MTBUF,
// FLAT/GLOBAL/SCRATCH, and fault semantics for the graphics-only formats.
#include "isa/table.hpp"
#include "sim/semantics.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim {
namespace {

// MIMG, EXP and VINTRP decode but need graphics state gcnsim does not model.
void graphicsOnly(Exec& x) {
  x.fault(std::string(x.in.info->name) + ": graphics instruction, unsupported in compute");
}

bool isGraphicsRow(const isa::OpInfo& op) {
  return op.format == isa::Format::MIMG || op.format == isa::Format::EXP ||
         op.format == isa::Format::VINTRP || op.has(isa::kGraphicsOnly);
}

}  // namespace

void registerMemorySemantics(SemRegistry& r) {
  mem::registerDsOps(r);
  mem::registerDsSpecial(r);
  mem::registerBufferOps(r);
  mem::registerBufferFormatOps(r);
  mem::registerFlatOps(r);
  // Graphics rows get the fault unless another family already gave them a
  // semantic (e.g. VOP3-encoded interpolation ops handled by the vector ALU).
  for (const isa::OpInfo* op : isa::allOps())
    if (isGraphicsRow(*op) && !r.find(op->semKey())) r.add(op->semKey(), &graphicsOnly);
}

}  // namespace gcnsim::sim
