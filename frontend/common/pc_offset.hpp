// PCs in reports and traces: a byte offset from the kernel entry, signed.
// Code a kernel calls may lie before the kernel (clang places a helper
// function ahead of the kernel that calls it), so the offset of such an
// instruction is negative: printed -0x300, not as 2^64 - 0x300.
#pragma once
#include <cstdint>
#include <string>

namespace gcnsim::frontend {

inline int64_t entryOffset(uint64_t pc, uint64_t entryPc) { return static_cast<int64_t>(pc - entryPc); }

// "0x1c", "-0x300": at least `digits` hex digits ("0x001c" for 4).
std::string offsetHex(int64_t offset, int digits = 1);

}  // namespace gcnsim::frontend
