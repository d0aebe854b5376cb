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
  // What compilers emit for atomics whose hardware form is a plain access: an
  // atomic or volatile load at device scope is a GLC load (it bypasses the
  // L1 to see other CUs' stores), an acquire invalidates the L1 or the scalar
  // cache; the matching atomic store or unused exchange is a plain store.
  // clang-15: OpenCL's `while (atomic_add(flag, 0) == 0)` polls with
  // `global_load_dword ... glc` and another workgroup's `atomic_xchg(flag, 42)`
  // (result unused) is `global_store_dword` (tests/sim/order_dependence_test.cpp).
  if (op.has(isa::kLoad) && in.mem.glc && in.encoding != isa::Format::SCRATCH) return "a coherent (GLC) load";
  if (op.timing.role == isa::TimingRole::InvL1 || op.timing.role == isa::TimingRole::DcacheInv)
    return "a cache invalidate (an acquire)";
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
