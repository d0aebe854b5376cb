// How fault, watchdog and deadlock messages of both engines name a wave:
// "wave 3 (workgroup (1,0,0) wave 1) pc 0x1010 (entry+0x10) `s_load_dword s0, s[0:1], 0x0`",
// a branch with its target: "`s_branch 65535 <entry+0x10>`".
#pragma once
#include <string>

#include "sim/code_cache.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

// `atPc`: the instruction at w.pc, or null (not decodable: no disassembly); the PC also as a signed offset
// from `entryPc` (code the kernel calls may lie before it: "entry-0x300").
std::string describeWave(const WaveState& w, isa::Gen gen, uint64_t entryPc, const CachedInst* atPc);

template <class Slot>
std::string describeWave(const WaveState& w, BasicCodeCache<Slot>& code) {
  std::string error;
  return describeWave(w, code.gen(), code.entry(), code.at(w.pc, error));
}

}  // namespace gcnsim::sim
