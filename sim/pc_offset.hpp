// PCs in messages, reports and traces: a byte offset from the kernel entry,
// signed. Code a kernel calls may lie before the kernel (clang places a
// helper function ahead of the kernel that calls it), so the offset of such
// an instruction is negative: -0x300, not 2^64 - 0x300.
#pragma once
#include <cstdint>
#include <string>

namespace gcnsim::sim {

inline int64_t entryOffset(uint64_t pc, uint64_t entryPc) { return static_cast<int64_t>(pc - entryPc); }

// "0x1c", "-0x300": at least `digits` hex digits ("0x001c" for 4).
std::string offsetHex(int64_t offset, int digits = 1);

// "pc 0x1010 (entry+0x10)", "pc 0xd00 (entry-0x300)": how fault, watchdog and check messages name a PC.
std::string entryPcText(uint64_t pc, uint64_t entryPc);

}  // namespace gcnsim::sim
