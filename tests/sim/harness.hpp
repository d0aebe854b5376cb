// Test harness for semantic tests: one wave (or one workgroup of waves) with
// its own global memory, LDS and GDS, running a program assembled by
// tests/tools/assemble_programs.py (committed as tests/sim/programs/bin/*.hex).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "isa/decoded.hpp"
#include "isa/gen.hpp"
#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "memory/lds.hpp"
#include "sim/dispatch.hpp"
#include "sim/exec_context.hpp"
#include "sim/functional_engine.hpp"
#include "sim/semantics.hpp"

namespace gcnsim::test {

// The four generations, for tests that run on each of them.
inline constexpr isa::Gen kAllGens[] = {isa::Gen::GCN10, isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14};

// The words of tests/sim/programs/bin/NAME.gfxN.hex (NAME.gfx906.hex for the
// gfx906 variant of GCN 1.4); throws if missing.
std::vector<uint32_t> loadProgram(const std::string& name, isa::Gen g);
// A dispatch of the program `name` (loadProgram) for generation g, its code
// placed in `mem`: gen, code region and entry PC set, the rest default.
sim::DispatchSpec programDispatch(memory::GlobalMemory& mem, const std::string& name, isa::Gen g);
// The words of one hex file written by tests/tools/assemble_programs.py; throws if missing.
std::vector<uint32_t> loadHexFile(const std::string& path);

// The decoded instructions of tests/sim/programs/bin/NAME.gfxN.hex up to s_endpgm
// (excluded), for tests that run instructions one at a time; throws if one
// does not decode.
std::vector<isa::DecodedInst> decodeProgram(const std::string& name, isa::Gen g);

// Runs one instruction's semantic function `fn` on `w` (its register writes
// from memory applied, as the functional engine does); accesses go to `log`
// when it is given. Returns what the instruction reported.
sim::StopReason runAlone(sim::WaveState& w, sim::ExecEnv& env, const isa::DecodedInst& in, sim::SemFn fn,
                         sim::AccessLog* log = nullptr);

class WaveHarness {
 public:
  explicit WaveHarness(isa::Gen g, uint32_t vgprs = 64, uint32_t ldsBytes = 64 * 1024);

  isa::Gen gen;
  memory::GlobalMemory mem;
  memory::Lds lds;
  memory::Gds gds;
  sim::ExecEnv env;
  sim::WaveState wave;  // initial state of the wave: EXEC all ones, everything else zero

  // A zero-filled buffer in simulated global memory.
  uint64_t alloc(size_t bytes, const std::string& name = "buffer");
  template <class T>
  void put(uint64_t addr, const std::vector<T>& values) {
    mem.write(addr, values.data(), values.size() * sizeof(T));
  }
  template <class T>
  std::vector<T> get(uint64_t addr, size_t count) const {
    std::vector<T> out(count);
    mem.read(addr, out.data(), count * sizeof(T));
    return out;
  }

  // Places `code` in memory and runs `wave` from its first word until
  // s_endpgm, a fault, or the instruction limit.
  sim::RunStatus run(const std::vector<uint32_t>& code, uint64_t maxInstructions = 1000000);
  sim::RunStatus runProgram(const std::string& name, uint64_t maxInstructions = 1000000) {
    return run(loadProgram(name, gen), maxInstructions);
  }
  // Same, with `numWaves` copies of `wave` forming one workgroup (waveInGroup
  // and v0 = workitem id set per wave); the copies are left in `waves`.
  sim::RunStatus runWorkgroup(const std::vector<uint32_t>& code, unsigned numWaves,
                              uint64_t maxInstructions = 1000000);
  std::vector<sim::WaveState> waves;
  uint64_t codeBase = 0;
};

}  // namespace gcnsim::test
