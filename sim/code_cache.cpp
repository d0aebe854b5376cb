#include "sim/code_cache.hpp"

#include <cstdio>

#include "isa/decoder.hpp"
#include "memory/global_memory.hpp"

namespace gcnsim::sim {

CodeCache::CodeCache(isa::Gen gen, const memory::GlobalMemory& mem, uint64_t base, uint64_t size)
    : gen_(gen), base_(base), words_(size / 4), slots_(size / 4), state_(size / 4, 0) {
  if (!words_.empty() && !mem.read(base, words_.data(), words_.size() * 4)) words_.clear();
  slots_.resize(words_.size());
  state_.resize(words_.size());
}

const CachedInst* CodeCache::at(uint64_t pc, std::string& error) {
  if (pc < base_ || pc >= base_ + size() || (pc & 3)) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "program counter 0x%llx is outside the kernel code [0x%llx, 0x%llx)",
                  static_cast<unsigned long long>(pc), static_cast<unsigned long long>(base_),
                  static_cast<unsigned long long>(base_ + size()));
    error = buf;
    return nullptr;
  }
  const size_t i = (pc - base_) / 4;
  if (state_[i] == 1) return &slots_[i];
  CachedInst& slot = slots_[i];
  if (isa::decode(gen_, &words_[i], words_.size() - i, slot.inst) == isa::DecodeStatus::Truncated) {
    state_[i] = 2;
    error = "truncated instruction at the end of the kernel code";
    return nullptr;
  }
  slot.fn = slot.inst.valid() ? semanticsByOpIndex()[slot.inst.opIndex] : nullptr;
  state_[i] = 1;
  return &slot;
}

}  // namespace gcnsim::sim
