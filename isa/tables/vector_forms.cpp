#include "isa/tables/vector_forms.hpp"

#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
namespace {

uint8_t formsIn(std::span<const OpInfo> rows, std::span<const FormColumns> forms, const OpInfo* info, Gen g) {
  if (rows.empty() || info < rows.data() || info >= rows.data() + rows.size()) return 0;
  const size_t i = static_cast<size_t>(info - rows.data());
  return i < forms.size() ? forms[i][opColumn(g)] : 0;
}

}  // namespace

uint8_t vectorForms(const OpInfo* info, Gen g) {
  switch (info->format) {
    case Format::VOP1: return formsIn(vop1(), vop1Forms(), info, g);
    case Format::VOP2: return formsIn(vop2(), vop2Forms(), info, g);
    case Format::VOPC: return formsIn(vopc(), vopcForms(), info, g);
    case Format::VOP3: return formsIn(vop3(), vop3Forms(), info, g);
    case Format::VOP3P: return formsIn(vop3p(), vop3pForms(), info, g);
    case Format::VINTRP: return formsIn(vintrp(), vintrpForms(), info, g);
    default: return 0;
  }
}

}  // namespace gcnsim::isa::tables
