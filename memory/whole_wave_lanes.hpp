// The lane column of a whole wave's access log (every lane active, a lane's
// accesses adjacent): 0, 1, ..., 63 for one access a lane, 0, 0, 1, 1, ...,
// 63, 63 for two. The semantics write it as a block (sim/exec_context.cpp)
// and the LDS bank model recognises it with one compare (lds_timing.cpp).
#pragma once
#include <array>
#include <cstdint>

namespace gcnsim::memory {

template <unsigned kPerLane>
constexpr std::array<uint8_t, 64 * kPerLane> wholeWaveLanes() {
  std::array<uint8_t, 64 * kPerLane> lanes{};
  for (unsigned i = 0; i < lanes.size(); ++i) lanes[i] = uint8_t(i / kPerLane);
  return lanes;
}
inline constexpr auto kOneAccessLanes = wholeWaveLanes<1>();
inline constexpr auto kTwoAccessLanes = wholeWaveLanes<2>();

}  // namespace gcnsim::memory
