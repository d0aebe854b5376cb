// Test rig for the scalar semantic tests: one wave, one hand-built decoded
// instruction, one call of the registered semantic function (the same
// function the engines call), pending register writes applied afterwards.
// Expected values in the tests are worked out by hand from the seed /
// reference pseudo-code cited next to each check.
#pragma once
#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>

#include "isa/decoded.hpp"
#include "isa/gen.hpp"
#include "isa/table.hpp"
#include "memory/global_memory.hpp"
#include "sim/exec_context.hpp"
#include "sim/semantics.hpp"
#include "tests/sim/harness.hpp"

namespace gcnsim::test::scalar {

using isa::Gen;
using isa::Operand;
using test::kAllGens;

// Operand builders. `reg` is the scalar operand code (s5 = 5, vcc = 106, m0 = 124, exec = 126).
inline Operand sreg(unsigned reg, unsigned nregs = 1) {
  Operand o;
  o.kind = isa::OpdKind::SReg;
  o.nregs = static_cast<uint8_t>(nregs);
  o.code = o.reg = static_cast<uint16_t>(reg);
  return o;
}
inline Operand spair(unsigned reg) { return sreg(reg, 2); }
inline Operand literal(uint64_t v) {
  Operand o;
  o.kind = isa::OpdKind::Literal;
  o.code = 255;
  o.value = v;
  return o;
}
inline Operand constant(uint64_t v) {
  Operand o;
  o.kind = isa::OpdKind::Const;
  o.code = 128;
  o.value = v;
  return o;
}

struct Outcome {
  bool branched = false;
  uint64_t target = 0;
  sim::StopReason stop = sim::StopReason::None;
  std::string fault;
  bool deferred = false;  // the instruction wrote registers through deferSgprs
  uint16_t deferredFirst = 0;
  uint8_t deferredCount = 0;
};

class Rig {
 public:
  static constexpr uint64_t kPc = 0x10000;

  explicit Rig(Gen g) : gen(g) {
    w.gen = g;
    w.pc = kPc;
    w.setExec(~0ull);
  }

  Gen gen;
  sim::WaveState w;
  sim::ExecEnv env;
  sim::PendingWrites pending;
  isa::DecodedInst in;
  std::unique_ptr<memory::GlobalMemory> mem;

  // Does the mnemonic exist in this generation?
  bool has(const char* name) const { return isa::findOpByName(name, gen) != nullptr; }

  // Starts a fresh instruction `name` (must exist in this generation).
  isa::DecodedInst& op(const char* name, unsigned words = 1) {
    in = isa::DecodedInst{};
    in.info = isa::findOpByName(name, gen);
    REQUIRE(in.info != nullptr);
    in.opIndex = isa::opIndexOf(in.info);
    in.encoding = in.info->format;
    in.words = static_cast<uint8_t>(words);
    return in;
  }

  Outcome run() {
    sim::SemFn fn = sim::semanticRegistry().find(in.info->semKey());
    INFO("semantic for " << in.info->name);
    REQUIRE(fn != nullptr);
    pending.clear();
    sim::Exec x(w, in, env, pending);
    fn(x);
    Outcome o{x.branched(),    x.branchTarget(),  x.stop(),         x.faultMessage(),
              pending.hasSgpr, pending.sgprFirst, pending.sgprCount};
    pending.applyTo(w);
    return o;
  }

  // SOP2/SOPC-style: dst, src0, src1 (dst or src1 may be left empty).
  Outcome run2(const char* name, Operand d, Operand a, Operand b) {
    op(name, a.kind == isa::OpdKind::Literal || b.kind == isa::OpdKind::Literal ? 2 : 1);
    in.dst = d, in.src[0] = a, in.src[1] = b;
    return run();
  }
  Outcome run1(const char* name, Operand d, Operand a) { return run2(name, d, a, Operand{}); }
  // SOPK: the SDST-field operand goes where the row says (dst or src0).
  Outcome runK(const char* name, unsigned sdstReg, int32_t simm16, uint32_t imm32 = 0) {
    op(name, imm32 ? 2 : 1);
    const unsigned n = in.info->dst != isa::OpType::None ? isa::opTypeDwords(in.info->dst)
                                                         : isa::opTypeDwords(in.info->src0);
    if (in.info->dst != isa::OpType::None) in.dst = sreg(sdstReg, n);
    if (in.info->src0 != isa::OpType::None) in.src[0] = sreg(sdstReg, n);
    in.simm16 = simm16;
    in.imm32 = imm32;
    return run();
  }
  // SOPP: only SIMM16.
  Outcome runP(const char* name, int32_t simm16 = 0) {
    op(name);
    in.simm16 = simm16;
    return run();
  }

  // Global memory with one zero-filled buffer of `bytes`; returns its address.
  uint64_t alloc(uint64_t bytes, const char* name = "buf") {
    if (!mem) {
      mem = std::make_unique<memory::GlobalMemory>(1ull << 32);
      env.global = mem.get();
    }
    return mem->allocate(bytes, 256, name);
  }
  void put32(uint64_t addr, uint32_t v) { REQUIRE(mem->store(addr, v)); }
  void put64(uint64_t addr, uint64_t v) { REQUIRE(mem->store(addr, v)); }
  uint32_t get32(uint64_t addr) {
    uint32_t v = 0;
    REQUIRE(mem->load(addr, v));
    return v;
  }
  uint64_t get64(uint64_t addr) {
    uint64_t v = 0;
    REQUIRE(mem->load(addr, v));
    return v;
  }

  uint32_t s(unsigned i) const { return w.sreg[i]; }
  uint64_t s64(unsigned i) const { return w.sreg64(i); }
};

}  // namespace gcnsim::test::scalar
