#include "frontend/common/pc_offset.hpp"

#include <spdlog/fmt/fmt.h>

namespace gcnsim::frontend {

std::string offsetHex(int64_t offset, int digits) {
  // (the magnitude as unsigned: -2^63 has no positive int64)
  const uint64_t magnitude = offset < 0 ? 0 - static_cast<uint64_t>(offset) : static_cast<uint64_t>(offset);
  return fmt::format("{}0x{:0{}x}", offset < 0 ? "-" : "", magnitude, digits);
}

}  // namespace gcnsim::frontend
