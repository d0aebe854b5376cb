// The one spelling of a number in hex: "0x" and lower-case digits, no padding
// (as LLVM's disassembler prints literals). Shared by the disassembler, the
// memory layer's messages and the frontend's listings; isa/ is the lowest layer.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace gcnsim {

inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace gcnsim
