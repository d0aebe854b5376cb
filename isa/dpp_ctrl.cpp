#include "isa/dpp_ctrl.hpp"

namespace gcnsim::isa {

std::string dppCtrlText(unsigned c) {
  const DppCtrlRange* r = dppCtrl(c);
  if (!r) return "";
  if (r->kind == DppKind::QuadPerm) {
    std::string s = "quad_perm:[";
    for (unsigned i = 0; i < 4; ++i) s += std::to_string(c >> (2 * i) & 3) + (i < 3 ? "," : "]");
    return s;
  }
  return r->first == r->last ? r->text : r->text + std::to_string(c & 15);
}

}  // namespace gcnsim::isa
