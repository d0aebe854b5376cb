// The end of an instruction both engines share (sim/instruction_end.hpp): what
// is counted, the wave's status and its next PC for each way an instruction
// can end (the rules of GcnInstrsSopp.md: s_endpgm ends the wave where it is,
// s_barrier and branches go on; a GWS wait has no effect).
#include "sim/instruction_end.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace gcnsim;
using namespace gcnsim::sim;

namespace {

constexpr uint64_t kPc = 0x1000;

// One wave at kPc and an 8-byte instruction (a literal or a 64-bit encoding).
struct Fixture {
  WaveState w;
  ExecEnv env;
  PendingWrites pending;
  isa::DecodedInst in;
  AccessLog log;
  unsigned executedCalls = 0;
  Fixture() {
    w.pc = kPc;
    in.words = 2;
  }
  template <class Semantic>
  StopReason run(Semantic&& semantic) {
    Exec x(w, in, env, pending);
    semantic(x);
    return endInstruction(x, log, [&] { ++executedCalls; });
  }
};

// Looks at every instruction; stops the run at `stopAt`.
struct StopAt : InstObserver {
  uint64_t stopAt = ~0ull, lastPc = 0;
  unsigned calls = 0;
  bool executed(const WaveState&, uint64_t pc, const isa::DecodedInst&, const AccessLog&) override {
    ++calls, lastPc = pc;
    return pc != stopAt;
  }
  std::string stopMessage() const override { return "stopped here"; }
};

}  // namespace

TEST_CASE("endInstruction: a plain instruction is counted and the PC moves past it", "[sim][engine]") {
  Fixture f;
  CHECK(f.run([](Exec&) {}) == StopReason::None);
  CHECK(f.w.pc == kPc + 8);
  CHECK(f.w.instructionsExecuted == 1);
  CHECK(f.executedCalls == 1);
  CHECK(f.w.status == WaveStatus::Running);
}

TEST_CASE("endInstruction: a taken branch moves the PC to its target", "[sim][engine]") {
  Fixture f;
  CHECK(f.run([](Exec& x) { x.jump(0x2000); }) == StopReason::None);
  CHECK(f.w.pc == 0x2000);
  CHECK(f.w.status == WaveStatus::Running);
}

TEST_CASE("endInstruction: s_endpgm ends the wave with the PC on it, s_barrier goes on", "[sim][engine]") {
  Fixture f;
  CHECK(f.run([](Exec& x) { x.barrier(); }) == StopReason::Barrier);
  CHECK(f.w.status == WaveStatus::AtBarrier);
  CHECK(f.w.pc == kPc + 8);
  f.w.status = WaveStatus::Running;  // released
  CHECK(f.run([](Exec& x) { x.endProgram(); }) == StopReason::EndProgram);
  CHECK(f.w.status == WaveStatus::Ended);
  CHECK(f.w.ended());
  CHECK(f.w.pc == kPc + 8);
  CHECK(f.w.instructionsExecuted == 2);
}

TEST_CASE("endInstruction: an instruction that must wait has no effect and is not counted", "[sim][engine]") {
  Fixture f;
  CHECK(f.run([](Exec& x) { x.waitAndRetry(); }) == StopReason::Wait);
  CHECK(f.w.pc == kPc);
  CHECK(f.w.instructionsExecuted == 0);
  CHECK(f.executedCalls == 0);
  CHECK(f.w.status == WaveStatus::Running);
}

TEST_CASE("endInstruction: a fault keeps the PC and names the reason", "[sim][engine]") {
  Fixture f;
  StopAt observer;
  f.env.observer = &observer;
  CHECK(f.run([](Exec& x) { x.fault("bad address"); }) == StopReason::Fault);
  CHECK(f.w.pc == kPc);
  CHECK(f.w.status == WaveStatus::Faulted);
  CHECK(f.env.faultMessage == "bad address");
  CHECK(observer.calls == 0);            // the observer does not look at a faulting instruction
  CHECK(f.w.instructionsExecuted == 0);  // nor is it counted: it did not complete
}

TEST_CASE("endInstruction: the observer looks at each instruction at its PC and can stop the run",
          "[sim][engine]") {
  Fixture f;
  StopAt observer;
  observer.stopAt = kPc + 8;
  f.env.observer = &observer;
  CHECK(f.run([](Exec&) {}) == StopReason::None);
  CHECK(observer.lastPc == kPc);
  // The second instruction (at kPc + 8) is stopped: a fault with the observer's message, the PC on it.
  CHECK(f.run([](Exec&) {}) == StopReason::Fault);
  CHECK(observer.lastPc == kPc + 8);
  CHECK(f.env.faultMessage == "stopped here");
  CHECK(f.w.pc == kPc + 8);
  CHECK(f.w.status == WaveStatus::Faulted);
  CHECK(f.w.instructionsExecuted == 2);
}
