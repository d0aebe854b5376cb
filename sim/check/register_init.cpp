#include "sim/check/register_init.hpp"

#include <algorithm>

namespace gcnsim::sim::check {

namespace {
constexpr const char* kNeverWritten = ", which no instruction or the dispatch wrote";
}

bool RegisterInit::scratchDwords(const AccessLog& log, const ScratchRegion& scratch,
                                 std::vector<uint64_t>& out) {
  out.clear();
  if (!scratch.bytes || !log.count || log.overflow) return false;
  for (unsigned i = 0; i < log.count; ++i) {
    if (log.space[i] != AccessSpace::Global || !scratch.contains(log.addr[i], log.bytes[i])) {
      out.clear();
      return false;
    }
    for (uint64_t a = log.addr[i] & ~uint64_t{3}; a < log.addr[i] + log.bytes[i]; a += 4) out.push_back(a);
  }
  return true;
}

void RegisterInit::makeUndefined(const RegMask& regs, uint64_t pc, std::string why) {
  init_ = without(init_, regs);
  derived_.push_back({regs, pc, std::move(why)});
}

bool RegisterInit::step(const InstFacts& f, uint64_t pc, const AccessLog& log, const ScratchRegion& scratch,
                        UninitHit& hit) {
  RegMask missing = intersect(without(f.reads, init_), checked_);
  // An undefined high addend dword reaches only the high result dword (kSrc2HighToDstHigh).
  RegMask passedOn;
  if (f.highAddend.any()) [[unlikely]] {
    passedOn = intersect(missing, f.highAddend);
    missing = without(missing, f.highAddend);
  }
  // A VALU op that writes only VGPRs and whose undefined operands are all SGPRs: its result becomes
  // undefined. clang's lowering of an if/else whose "then" side computes a uniform value in SGPRs copies
  // them into the VGPR of the join (v_mov_b32 v1, s10 with EXEC = every lane of the if) before the "else"
  // lanes overwrite theirs; a wave that ran only the "else" side copies SGPRs nothing wrote, to no effect.
  RegMask passedToResult;
  if (f.valu && missing.any() && !anyV(missing) && anyV(f.writes) && !anyS(f.writes)) [[unlikely]] {
    passedToResult = missing;
    missing = {};
  }
  // A store to the wave's scratch: undefined data lands there (all of it undefined) or defined data does.
  if (f.vmemStoreData.any() && (missing.any() || !undefScratch_.empty()) &&
      scratchDwords(log, scratch, dwords_)) [[unlikely]] {
    const RegMask undefinedData = intersect(missing, f.vmemStoreData);
    if (undefinedData.any() && !without(f.vmemStoreData, undefinedData).any()) {
      missing = without(missing, f.vmemStoreData);
      undefScratch_.insert(dwords_.begin(), dwords_.end());
    } else {
      for (uint64_t a : dwords_) undefScratch_.erase(a);
    }
  }
  bool found = false;
  if (missing.any()) [[unlikely]] {
    const auto from = std::find_if(derived_.begin(), derived_.end(),
                                   [&](const Derived& d) { return intersect(d.regs, missing).any(); });
    hit.regs = missing;
    hit.detail = "reads " + firstRegister(missing) + (from == derived_.end() ? kNeverWritten : from->why);
    hit.hasOther = from != derived_.end();
    hit.otherPc = hit.hasOther ? from->pc : 0;
    found = true;
    merge(init_, missing);  // once per register
  }
  merge(init_, f.writes);
  if (!derived_.empty()) [[unlikely]] {
    // A register written again (or reported) holds no undefined value any more.
    for (Derived& d : derived_) d.regs = without(d.regs, init_);
    std::erase_if(derived_, [](const Derived& d) { return !d.regs.any(); });
  }
  if (passedOn.any()) [[unlikely]]
    makeUndefined(f.highResult, pc, ", computed from " + firstRegister(passedOn) + kNeverWritten);
  if (passedToResult.any()) [[unlikely]]
    makeUndefined(f.writes, pc, ", computed from " + firstRegister(passedToResult) + kNeverWritten);
  // A load of nothing but undefined scratch dwords (the restore of a saved undefined register).
  if (f.loadDst.any() && !undefScratch_.empty() && f.vmem && scratchDwords(log, scratch, dwords_) &&
      std::all_of(dwords_.begin(), dwords_.end(), [&](uint64_t a) { return undefScratch_.count(a) != 0; }))
    makeUndefined(
        f.loadDst, pc,
        ", loaded from scratch that holds an undefined value (stored from registers no instruction or "
        "the dispatch wrote)");
  return found;
}

}  // namespace gcnsim::sim::check
