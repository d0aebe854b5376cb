#include "sim/code_cache.hpp"

#include <cstdio>

#include "isa/decoder.hpp"
#include "memory/global_memory.hpp"
#include "sim/sgpr_bounds.hpp"

namespace gcnsim::sim {

CodeImage::CodeImage(isa::Gen gen, const memory::GlobalMemory& mem, uint64_t base, uint64_t size)
    : gen_(gen), base_(base), words_(size / 4) {
  if (!words_.empty() && !mem.read(base, words_.data(), words_.size() * 4)) words_.clear();
}

bool CodeImage::indexOf(uint64_t pc, size_t& i, std::string& error) const {
  if (pc < base_ || pc >= base_ + size() || (pc & 3)) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "program counter 0x%llx is outside the kernel code [0x%llx, 0x%llx)",
                  static_cast<unsigned long long>(pc), static_cast<unsigned long long>(base_),
                  static_cast<unsigned long long>(base_ + size()));
    error = buf;
    return false;
  }
  i = (pc - base_) / 4;
  return true;
}

bool CodeImage::decode(size_t i, CachedInst& slot, std::string& error) const {
  if (isa::decode(gen_, &words_[i], words_.size() - i, slot.inst) == isa::DecodeStatus::Truncated) {
    error = "truncated instruction at the end of the kernel code";
    return false;
  }
  slot.fn = slot.inst.valid() ? semanticsByOpIndex()[slot.inst.opIndex] : nullptr;
  // The SGPR operands are checked here, once per address, not at every execution.
  if (slot.fn) slot.fn = guardSgprs(slot.inst, gen_, sgprs_, slot.fn);
  return true;
}

}  // namespace gcnsim::sim
