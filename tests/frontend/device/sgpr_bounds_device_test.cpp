// A raw kernel's "sgprs" is its waves' SGPR allocation in both modes: naming an SGPR past it is a fault
// naming the instruction, the operand and the registers (sim/sgpr_bounds.hpp; AMD "Vega" ISA reference
// guide 3.6.1 "Out-of-Range behavior": an SGPR is out of range when sgpr >= sgpr_size).
#include <catch2/catch.hpp>

#include "frontend/device/device.hpp"

using namespace gcnsim;

namespace {

// gfx900 (llvm-mc -mcpu=gfx900 -show-encoding): s_mov_b32 s50, 0 / s_endpgm.
const std::vector<uint8_t> kWritesS50 = {0x80, 0x00, 0xb2, 0xbe, 0x00, 0x00, 0x81, 0xbf};

DispatchResult runWith(uint32_t sgprs, const char* mode) {
  DeviceOptions o;
  o.arch = "gfx900";
  o.threads = 1;
  Device dev(o);
  RawKernelOptions k;
  k.name = "s50";
  k.sgprs = sgprs;
  LaunchOptions l;
  l.mode = mode;
  return dev.dispatch(dev.loadRaw(kWritesS50, k), {64, 1, 1}, {64, 1, 1}, {}, l);
}

}  // namespace

TEST_CASE("device: a raw kernel writing s50 with \"sgprs\": 16 faults in both modes, with 51 it runs",
          "[device][sgpr]") {
  for (const char* mode : {"functional", "timing"}) {
    INFO(mode);
    const DispatchResult bad = runWith(16, mode);
    CHECK(bad.status.kind == sim::RunStatus::Fault);
    CHECK_THAT(bad.status.message, Catch::Contains("s_mov_b32: SDST s50 beyond the wave's 16 SGPRs"));
    CHECK(runWith(51, mode).status.ok());
    CHECK(runWith(0, mode).status.ok());  // the default: all 102
  }
}
