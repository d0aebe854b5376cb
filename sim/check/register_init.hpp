// Per-wave register initialization, in program order (the checker's
// uninit-vgpr / uninit-sgpr rules; no cycles needed, so the same in both
// modes): which registers hold a value some instruction or the dispatch
// wrote. A read of any other register is a finding -- except where the
// undefined value provably goes nowhere yet, and is followed instead:
//  - the high dword of a 64-bit addend of v_mad_u64_u32 / v_mad_i64_i32
//    (isa::kSrc2HighToDstHigh) reaches only the high result dword, which
//    becomes undefined (clang leaves that addend dword undefined when it uses
//    the low result alone);
//  - a VALU op that writes only VGPRs, reading SGPRs nothing wrote (and no
//    undefined VGPR), makes its result undefined: clang's if/else copies a
//    uniform value the "then" side computed into the join's VGPR for every
//    lane, and the "else" lanes overwrite theirs, so a wave that skipped the
//    "then" side copies undefined SGPRs to no effect;
//  - a store of undefined registers to the wave's own scratch (a function's
//    prologue saving callee-saved registers the caller never wrote, as clang
//    -O0 or a call emits) makes those scratch dwords undefined, and a load of
//    nothing but such dwords makes its registers undefined (the epilogue
//    restoring them). A store of defined data makes the dwords defined again.
// Reading a register made undefined that way is the finding, named after the
// instruction that made it so.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "sim/check/inst_facts.hpp"
#include "sim/exec_context.hpp"

namespace gcnsim::sim::check {

struct UninitHit {
  RegMask regs;          // the registers read
  std::string detail;    // "reads v5, which no instruction or the dispatch wrote"
  uint64_t otherPc = 0;  // the instruction that made it undefined (hasOther)
  bool hasOther = false;
};

// The wave's scratch (private segment backing): its accesses are followed through memory.
struct ScratchRegion {
  uint64_t base = 0, bytes = 0;
  bool contains(uint64_t a, uint64_t n) const {
    return a >= base && a - base <= bytes && n <= bytes - (a - base);
  }
};

class RegisterInit {
 public:
  // `initial`: the registers the dispatch set up; `checked`: those the rule looks at.
  RegisterInit(const RegMask& initial, const RegMask& checked) : init_(initial), checked_(checked) {}

  // One executed instruction (its accesses in `log`); true if it read an undefined register (`hit`).
  // Each register is reported once: after a finding it counts as written.
  bool step(const InstFacts& f, uint64_t pc, const AccessLog& log, const ScratchRegion& scratch,
            UninitHit& hit);

 private:
  // Registers made undefined by the instruction at `pc` (the finding's wording: `why`).
  struct Derived {
    RegMask regs;
    uint64_t pc = 0;
    std::string why;  // ", computed from v3, which no instruction or the dispatch wrote"
  };
  // Scratch dwords of the store or load, if all of its accesses are in the wave's scratch; empty otherwise.
  static bool scratchDwords(const AccessLog& log, const ScratchRegion& scratch, std::vector<uint64_t>& out);
  void makeUndefined(const RegMask& regs, uint64_t pc, std::string why);

  RegMask init_, checked_;
  std::vector<Derived> derived_;               // (rare)
  std::unordered_set<uint64_t> undefScratch_;  // dword addresses holding an undefined value
  std::vector<uint64_t> dwords_;               // scratch for scratchDwords
};

}  // namespace gcnsim::sim::check
