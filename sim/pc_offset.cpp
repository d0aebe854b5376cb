#include "sim/pc_offset.hpp"

#include <cstdio>

namespace gcnsim::sim {

std::string offsetHex(int64_t offset, int digits) {
  // (the magnitude as unsigned: -2^63 has no positive int64)
  const uint64_t magnitude = offset < 0 ? 0 - static_cast<uint64_t>(offset) : static_cast<uint64_t>(offset);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s0x%0*llx", offset < 0 ? "-" : "", digits,
                static_cast<unsigned long long>(magnitude));
  return buf;
}

std::string entryPcText(uint64_t pc, uint64_t entryPc) {
  const int64_t offset = entryOffset(pc, entryPc);
  char buf[32];
  std::snprintf(buf, sizeof buf, "pc 0x%llx (entry%s", static_cast<unsigned long long>(pc),
                offset < 0 ? "" : "+");
  return buf + offsetHex(offset) + ")";
}

}  // namespace gcnsim::sim
