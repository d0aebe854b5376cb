// kernelReachableCode (kernel_reach.hpp).
#include "frontend/code_object/kernel_reach.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "isa/branch_target.hpp"
#include "isa/decoder.hpp"

namespace gcnsim::frontend {
namespace {

// What the code of one function names and how it leaves.
struct FunctionScan {
  std::vector<uint64_t> named;  // s_call_b64 targets and addresses formed with s_getpc_b64
  bool unknownJump = false;     // an indirect call or jump through a pair not (only) holding those
  bool unknown = false;         // something that makes the whole .text count
};

class Reach {
 public:
  explicit Reach(const CodeObject& co) : co_(co) {}

  std::vector<std::pair<uint64_t, uint64_t>> of(const KernelInfo& k) {
    if (!isFunctionStart(k.entryVaddr)) return {};
    std::set<uint64_t> reached;
    bool unknownJump = false;
    std::vector<uint64_t> work{k.entryVaddr};
    auto follow = [&](uint64_t fn) {
      if (reached.insert(fn).second) work.push_back(fn);
    };
    reached.insert(k.entryVaddr);
    while (!work.empty()) {
      const FunctionScan s = scan(function(work.back()));
      work.pop_back();
      if (s.unknown) return {};
      unknownJump |= s.unknownJump;
      for (uint64_t a : s.named)
        if (isFunctionStart(a)) follow(a);
      // After the last function: a call through a pointer may go to any function whose address is formed.
      if (work.empty() && unknownJump) {
        if (!addressesFormedAnywhere(work, reached)) return {};
        unknownJump = false;  // (every such function is now reached)
      }
    }
    std::vector<std::pair<uint64_t, uint64_t>> out;
    for (uint64_t fn : reached) out.emplace_back(fn, fn + function(fn).size);
    return out;
  }

 private:
  const CodeFunction& function(uint64_t vaddr) const {
    return *std::lower_bound(co_.functions.begin(), co_.functions.end(), vaddr,
                             [](const CodeFunction& f, uint64_t a) { return f.vaddr < a; });
  }
  bool isFunctionStart(uint64_t vaddr) const {
    auto it = std::lower_bound(co_.functions.begin(), co_.functions.end(), vaddr,
                               [](const CodeFunction& f, uint64_t a) { return f.vaddr < a; });
    return it != co_.functions.end() && it->vaddr == vaddr;
  }
  bool inText(uint64_t vaddr) const { return vaddr - co_.textVaddr < co_.textSize; }

  std::vector<uint32_t> words(uint64_t vaddr, uint64_t size) const {
    const std::span<const uint8_t> bytes = co_.textBytes(vaddr, size);
    std::vector<uint32_t> w(bytes.size() / 4);
    if (!w.empty()) std::memcpy(w.data(), bytes.data(), w.size() * 4);
    return w;
  }

  // The address `s_getpc_b64 s[X:X+1]; s_add_u32 sX, sX, LO; s_addc_u32 sX+1, sX+1, HI` at word i forms:
  // (pc of the s_add_u32) + HI:LO. nullopt when word i is an s_getpc_b64 without that pattern; 0 when it
  // is no s_getpc_b64.
  std::optional<uint64_t> formedAddress(const std::vector<uint32_t>& w, size_t i, uint64_t pc) const {
    isa::DecodedInst getpc, add, addc;
    if (!decodeAt(w, i, getpc) || std::string_view(getpc.info->name) != "s_getpc_b64") return 0;
    const unsigned x = getpc.dst.reg;
    const size_t a = i + getpc.words;
    if (!decodeAt(w, a, add) || !decodeAt(w, a + add.words, addc)) return std::nullopt;
    auto constant = [](const isa::Operand& o) {
      return o.kind == isa::OpdKind::Literal || o.kind == isa::OpdKind::Const;
    };
    auto onReg = [](const isa::DecodedInst& in, const char* name, unsigned reg) {
      return std::string_view(in.info->name) == name && in.dst.kind == isa::OpdKind::SReg &&
             in.dst.reg == reg && in.src[0].kind == isa::OpdKind::SReg && in.src[0].reg == reg;
    };
    if (!onReg(add, "s_add_u32", x) || !onReg(addc, "s_addc_u32", x + 1) || !constant(add.src[1]) ||
        !constant(addc.src[1]))
      return std::nullopt;
    const uint64_t offset = (addc.src[1].value & 0xffffffffu) << 32 | (add.src[1].value & 0xffffffffu);
    return pc + 4 + offset;
  }

  bool decodeAt(const std::vector<uint32_t>& w, size_t i, isa::DecodedInst& in) const {
    return i < w.size() && isa::decode(co_.arch.gen, &w[i], w.size() - i, in) == isa::DecodeStatus::Ok &&
           in.valid();
  }

  // Branch targets inside `fn` (where straight-line code ends); sets s.unknown for one outside it.
  std::set<uint64_t> labels(const CodeFunction& fn, const std::vector<uint32_t>& w, FunctionScan& s) const {
    std::set<uint64_t> out;
    isa::DecodedInst in;
    for (size_t i = 0; i < w.size(); i += in.valid() ? in.words : 1) {
      if (!decodeAt(w, i, in)) {
        in = {};
        continue;
      }
      if (const std::optional<uint64_t> t = isa::branchTarget(in, fn.vaddr + 4 * i)) {
        if (*t < fn.vaddr || *t >= fn.vaddr + fn.size) s.unknown = true;
        out.insert(*t);
      }
    }
    return out;
  }

  FunctionScan scan(const CodeFunction& fn) const {
    FunctionScan s;
    const std::vector<uint32_t> w = words(fn.vaddr, fn.size);
    const std::set<uint64_t> targets = labels(fn, w, s);
    if (s.unknown) return s;
    // Per SGPR: whether its last write, in straight-line code (no branch target since), formed an address.
    std::map<unsigned, bool> holdsAddress;
    std::set<size_t> patternWords;  // the s_add_u32 / s_addc_u32 of a recognised pattern
    isa::DecodedInst in;
    for (size_t i = 0; i < w.size(); i += in.valid() ? in.words : 1) {
      const uint64_t pc = fn.vaddr + 4 * i;
      if (targets.count(pc)) holdsAddress.clear();  // (another path may reach here with other values)
      if (!decodeAt(w, i, in)) {
        in = {};
        continue;
      }
      const std::string_view name = in.info->name;
      if (const std::optional<uint64_t> a = formedAddress(w, i, pc); !a) {
        s.unknown = true;
        return s;
      } else if (*a) {
        isa::DecodedInst add;
        decodeAt(w, i + in.words, add);
        patternWords.insert(i + in.words);
        patternWords.insert(i + in.words + add.words);
        s.named.push_back(*a);
      }
      const bool jump = name == "s_swappc_b64" || name == "s_setpc_b64";
      const unsigned pair = in.src[0].reg;
      // s_setpc_b64 s[30:31]: a return, to the calling convention's return address.
      if (jump && !(name == "s_setpc_b64" && pair == 30) && !(holdsAddress[pair] && holdsAddress[pair + 1]))
        s.unknownJump = true;
      markWrites(in, patternWords.count(i) > 0 || name == "s_getpc_b64", holdsAddress);
      if (name == "s_call_b64")
        s.named.push_back(pc + 4 + uint64_t(int64_t(int16_t(uint16_t(in.simm16))) * 4));
      else if (in.info->has(isa::kBranch) && !jump && !isa::branchTarget(in, pc))
        s.unknown = true;  // s_cbranch_join, a fork, s_rfe_b64: jumps this scan does not follow
      if (s.unknown) return s;
    }
    for (uint64_t a : s.named)
      if (inText(a) && !isFunctionStart(a)) s.unknown = true;
    return s;
  }

  // Records the SGPRs `in` writes: holding an address if `pattern` (a write of the pattern).
  static void markWrites(const isa::DecodedInst& in, bool pattern, std::map<unsigned, bool>& holdsAddress) {
    for (const isa::Operand* d : {&in.dst, &in.sdst}) {
      if (d->kind != isa::OpdKind::SReg) continue;
      for (unsigned r = d->reg; r < unsigned(d->reg) + std::max<unsigned>(d->nregs, 1); ++r)
        holdsAddress[r] = pattern;
    }
  }

  // Adds every function whose address some code of .text forms; false if that cannot be told (an
  // s_getpc_b64 without the pattern, or a dynamic relocation into .text: a function address in data).
  bool addressesFormedAnywhere(std::vector<uint64_t>& work, std::set<uint64_t>& reached) const {
    for (const Relocation& r : co_.relocations)
      if (inText(r.value(0))) return false;  // (the vaddr the field will hold, before the load base)
    const std::vector<uint32_t> w = words(co_.textVaddr, co_.textSize);
    for (size_t i = 0; i < w.size(); ++i) {
      const std::optional<uint64_t> a = formedAddress(w, i, co_.textVaddr + 4 * i);
      if (!a) return false;
      if (*a && inText(*a) && !isFunctionStart(*a)) return false;
      if (*a && isFunctionStart(*a) && reached.insert(*a).second) work.push_back(*a);
    }
    return true;
  }

  const CodeObject& co_;
};

}  // namespace

std::vector<std::pair<uint64_t, uint64_t>> kernelReachableCode(const CodeObject& co,
                                                               const KernelInfo& kernel) {
  return Reach(co).of(kernel);
}

}  // namespace gcnsim::frontend
