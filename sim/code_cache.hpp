// Decode once per address: the decoded instruction and its resolved semantic
// function for every instruction address of a code region, filled on first
// use. Both engines (functional and timing) execute from it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "isa/decoded.hpp"
#include "sim/semantics.hpp"

namespace gcnsim::memory {
class GlobalMemory;
}

namespace gcnsim::sim {

struct CachedInst {
  isa::DecodedInst inst;
  SemFn fn = nullptr;  // nullptr: no semantic (invalid or unsupported instruction)
};

class CodeCache {
 public:
  // Code lives in simulated memory at [base, base + size).
  CodeCache(isa::Gen gen, const memory::GlobalMemory& mem, uint64_t base, uint64_t size);

  // The instruction at `pc`, or nullptr with `error` set (pc outside the
  // code, misaligned, truncated instruction).
  const CachedInst* at(uint64_t pc, std::string& error);

  // The instruction at `pc` if it is already decoded, else nullptr (then call
  // at()): the engines' per-instruction lookup, inline and without the error string.
  const CachedInst* decoded(uint64_t pc) const {
    const uint64_t off = pc - base_;
    if (off >= words_.size() * 4 || (off & 3)) return nullptr;
    const size_t i = off / 4;
    return state_[i] == 1 ? &slots_[i] : nullptr;
  }

  isa::Gen gen() const { return gen_; }
  uint64_t base() const { return base_; }
  uint64_t size() const { return words_.size() * 4; }

 private:
  isa::Gen gen_;
  uint64_t base_;
  std::vector<uint32_t> words_;    // snapshot of the code (self-modifying code is not modelled)
  std::vector<CachedInst> slots_;  // one per dword address
  std::vector<uint8_t> state_;     // 0 = not decoded, 1 = decoded, 2 = error
};

}  // namespace gcnsim::sim
