#include "sim/order_dependence.hpp"

#include <cinttypes>
#include <cstdio>

#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "isa/opinfo.hpp"

namespace gcnsim::sim {
namespace {

// What makes one decoded instruction order-dependent, or nullptr.
const char* orderDependentKind(const isa::DecodedInst& in) {
  const isa::OpInfo& op = *in.info;
  if (in.encoding == isa::Format::DS) {
    // LDS is the workgroup's own; GDS and GWS are shared by all workgroups
    // (kGdsOnly: ds_gws_*, ds_ordered_count reach them without the GDS bit).
    if (in.mem.gds || op.has(isa::kGdsOnly)) return "GDS/GWS";
    return nullptr;
  }
  if (op.has(isa::kAtomic)) return "an atomic";
  if (op.timing.role == isa::TimingRole::MemTime) return "a clock read";
  return nullptr;
}

}  // namespace

std::string workgroupOrderDependence(isa::Gen gen, std::span<const uint32_t> code, uint64_t codeBase) {
  isa::DecodedInst in;
  for (size_t i = 0; i < code.size(); ++i) {
    if (isa::decode(gen, &code[i], code.size() - i, in) != isa::DecodeStatus::Ok || !in.valid()) continue;
    if (const char* kind = orderDependentKind(in)) {
      char at[48];
      std::snprintf(at, sizeof at, "0x%" PRIx64, codeBase + 4 * i);
      return "`" + isa::disassemble(gen, in) + "` at " + at + " (" + kind + ")";
    }
  }
  return "";
}

}  // namespace gcnsim::sim
