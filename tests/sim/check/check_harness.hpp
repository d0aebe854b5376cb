// Runs a test program with the checker (sim/check/) attached, in functional
// or timing mode, and returns its findings (tests/sim/check_*_test.cpp).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "isa/decoder.hpp"
#include "sim/check/checker.hpp"
#include "sim/timing/gpu_config.hpp"
#include "tests/sim/harness.hpp"
#include "tests/sim/timing/timing_harness.hpp"

namespace gcnsim::test {

enum class Engine { Functional, Timing };
inline constexpr Engine kEngines[] = {Engine::Functional, Engine::Timing};
inline const char* engineName(Engine e) { return e == Engine::Functional ? "functional" : "timing"; }

struct CheckedRun {
  sim::RunStatus status;
  std::vector<sim::check::Finding> findings;
  uint64_t codeBase = 0;
  std::string text() const {  // for test failure messages
    std::string s;
    for (const auto& f : findings) s += sim::check::findingLine(f) + "\n";
    return s;
  }
  size_t count(sim::check::CheckKind k) const {
    size_t n = 0;
    for (const auto& f : findings) n += f.kind == k;
    return n;
  }
};

// `setup` prepares the harness (registers, buffers) and the checker before the run.
inline CheckedRun runChecked(isa::Gen g, const std::string& program, const sim::check::CheckOptions& opt,
                             Engine e, unsigned waves = 1,
                             const std::function<void(WaveHarness&, sim::check::Checker&)>& setup = {}) {
  WaveHarness h(g, 64, 32 * 1024);  // LDS: the most every generation allows a workgroup
  sim::check::Checker checker(opt);
  if (setup) setup(h, checker);
  h.env.observer = &checker;
  const std::vector<uint32_t> code = loadProgram(program, g);
  CheckedRun out;
  if (e == Engine::Functional)
    out.status = waves == 1 ? h.run(code) : h.runWorkgroup(code, waves);
  else
    out.status = runTimed(h, code, sim::timing::defaultConfig(g), waves, {}, false).status;
  out.codeBase = h.codeBase;
  for (const sim::check::Finding* f : checker.findings().sorted()) out.findings.push_back(*f);
  return out;
}

// Byte offset from the start of `program` of the `nth` (0-based) instruction named `mnemonic`
// (decoded independently of the checker); throws if there is none.
inline uint64_t offsetOf(const std::string& program, isa::Gen g, const std::string& mnemonic,
                         unsigned nth = 0) {
  const std::vector<uint32_t> words = loadProgram(program, g);
  for (size_t i = 0; i < words.size();) {
    isa::DecodedInst in;
    if (isa::decode(g, words.data() + i, words.size() - i, in) != isa::DecodeStatus::Ok || !in.info) break;
    if (mnemonic == in.info->name && nth-- == 0) return i * 4;
    i += in.words;
  }
  throw std::runtime_error(program + ": no " + mnemonic);
}

}  // namespace gcnsim::test
