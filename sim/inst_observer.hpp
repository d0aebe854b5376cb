// An observer of executed instructions (the checker, sim/check/), called by
// both engines through ExecEnv::observer. Null (the default) costs one
// predictable pointer test per instruction and nothing else.
//
// Contract:
//  - executed() is called once per executed instruction, in the wave's
//    program order, after its semantic function ran (not for an instruction
//    that must wait and run again, not for one VSKIP skips), with the
//    accesses it reported (AccessLog). The wave's registers hold the
//    results of everything but loads: in timing mode a load's registers are
//    written when its data returns; observers model program order and look
//    at no register values.
//  - `pc` is the instruction's address (w.pc may already point past it).
//  - Returning false stops the run: the engine reports a fault whose
//    message ends in stopMessage().
//  - Engines running workgroups on several threads give an observer only to
//    one thread (runFunctional runs on one thread when one is set).
#pragma once
#include <cstdint>
#include <string>

#include "isa/decoded.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

struct AccessLog;

class InstObserver {
 public:
  virtual ~InstObserver() = default;
  virtual bool executed(const WaveState& w, uint64_t pc, const isa::DecodedInst& in,
                        const AccessLog& log) = 0;
  virtual std::string stopMessage() const = 0;
};

}  // namespace gcnsim::sim
