// Decode once per address: the decoded instruction and its resolved semantic
// function for every instruction address of a code region, filled on first
// use. Both engines (functional and timing) execute from it. An engine that
// derives more from an instruction (the timing model: its timing class,
// register masks and issue port, sim/timing/wave_ctx.hpp TimedInst) extends
// the slot type and fills its part in the same slot, once, right after the
// decode: one lookup finds both.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
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

// Why an instruction without a semantic cannot run (for the fault message).
inline const char* notExecutable(const CachedInst& ci) {
  return ci.inst.valid() ? "instruction has no semantics in gcnsim" : "invalid instruction encoding";
}

// The code of a kernel: a snapshot of [base, base + size) of simulated memory
// (self-modifying code is not modelled), and the decode of one address. The
// part of BasicCodeCache that does not depend on the slot type.
class CodeImage {
 public:
  CodeImage(isa::Gen gen, const memory::GlobalMemory& mem, uint64_t base, uint64_t size);

  isa::Gen gen() const { return gen_; }
  uint64_t base() const { return base_; }
  uint64_t size() const { return words_.size() * 4; }
  // The kernel's entry (DispatchSpec::entryPc), which messages count PCs from: a code object's .text may
  // hold other kernels and functions before it. Default: the base.
  uint64_t entry() const { return entry_; }
  void setEntry(uint64_t pc) { entry_ = pc; }
  // The SGPRs each wave of the dispatch holds (WaveState::numSgprs; default: all). Set before the first
  // decode: an instruction naming an SGPR past them gets a semantic that faults (sim/sgpr_bounds.hpp).
  void setSgprs(unsigned n) { sgprs_ = n; }

 protected:
  // The dword index of `pc`, or false with `error` set (outside the code, misaligned).
  bool indexOf(uint64_t pc, size_t& i, std::string& error) const;
  // Decodes the instruction at dword i and resolves its semantic; false with
  // `error` set if it is truncated at the end of the code.
  bool decode(size_t i, CachedInst& slot, std::string& error) const;

  isa::Gen gen_;
  uint64_t base_;
  uint64_t entry_ = base_;
  unsigned sgprs_ = 104;
  std::vector<uint32_t> words_;
};

// Serialises the decodes of every code cache (rare: once per address).
inline std::mutex& codeCacheFillLock() {
  static std::mutex lock;
  return lock;
}

// Slot: CachedInst, or a struct deriving from it with an engine's own
// per-address data, which `complete` fills once, after the decode of an
// instruction that has a semantic.
//
// Threads may share a cache: a slot is filled under a lock and published by
// its state (release), which a lookup reads first (acquire; on x86 a plain
// load), so a thread sees a slot only once it is complete. The timing
// model's CU groups share one (sim/timing/timed_code.hpp).
template <class Slot = CachedInst>
class BasicCodeCache : public CodeImage {
  static_assert(std::is_base_of_v<CachedInst, Slot>);

 public:
  using Complete = std::function<void(Slot&)>;

  // Code lives in simulated memory at [base, base + size).
  BasicCodeCache(isa::Gen gen, const memory::GlobalMemory& mem, uint64_t base, uint64_t size,
                 Complete complete = {})
      : CodeImage(gen, mem, base, size), complete_(std::move(complete)) {
    slots_.resize(words_.size());
    state_ = std::make_unique<std::atomic<uint8_t>[]>(words_.size());  // kNotDecoded
  }
  // The same code as `image`, nothing decoded yet (e.g. one cache per thread).
  BasicCodeCache(const CodeImage& image, Complete complete = {})
      : CodeImage(image),
        slots_(words_.size()),
        state_(std::make_unique<std::atomic<uint8_t>[]>(words_.size())),
        complete_(std::move(complete)) {}

  // The instruction at `pc`, with or without a semantic, or nullptr with
  // `error` set (pc outside the code, misaligned, truncated instruction).
  const Slot* at(uint64_t pc, std::string& error) {
    size_t i = 0;
    if (!indexOf(pc, i, error)) return nullptr;
    Slot& slot = slots_[i];
    if (state_[i].load(std::memory_order_acquire) != kNotDecoded) return &slot;
    std::lock_guard lock(codeCacheFillLock());
    if (state_[i].load(std::memory_order_relaxed) != kNotDecoded) return &slot;  // another thread's
    if (!decode(i, slot, error)) return nullptr;  // stays kNotDecoded: the next look reports it again
    if (slot.fn && complete_) complete_(slot);
    state_[i].store(slot.fn ? kExecutable : kDecoded, std::memory_order_release);
    return &slot;
  }

  // The instruction at `pc` if it is decoded already and has a semantic,
  // else nullptr (then call at(), which decodes or says what is wrong): the
  // engines' per-instruction lookup, inline and without the error string.
  const Slot* executable(uint64_t pc) const {
    const uint64_t off = pc - base_;
    if (off >= words_.size() * 4 || (off & 3)) return nullptr;
    const size_t i = off / 4;
    return state_[i].load(std::memory_order_acquire) == kExecutable ? &slots_[i] : nullptr;
  }

  // The address of the instruction a slot holds.
  uint64_t pcOf(const Slot& slot) const { return base_ + uint64_t(&slot - slots_.data()) * 4; }

 private:
  enum : uint8_t { kNotDecoded, kDecoded, kExecutable };  // kDecoded: no semantic
  std::vector<Slot> slots_;                               // one per dword address
  std::unique_ptr<std::atomic<uint8_t>[]> state_;         // per slot
  Complete complete_;
};

using CodeCache = BasicCodeCache<CachedInst>;

}  // namespace gcnsim::sim
