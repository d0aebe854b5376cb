#include "tests/sim/harness.hpp"

#include <fstream>
#include <memory>
#include <stdexcept>

#include "isa/decoder.hpp"
#include "sim/code_cache.hpp"

namespace gcnsim::test {

std::vector<uint32_t> loadProgram(const std::string& name, isa::Gen g) {
  const std::string tag = g.variant() == isa::Variant::Gfx906 ? "gfx906" : std::string(isa::genFamily(g));
  return loadHexFile(std::string(GCNSIM_TEST_DATA) + "/sim/programs/bin/" + name + "." + tag + ".hex");
}

sim::DispatchSpec programDispatch(memory::GlobalMemory& mem, const std::string& name, isa::Gen g) {
  const std::vector<uint32_t> code = loadProgram(name, g);
  sim::DispatchSpec d;
  d.gen = g;
  d.codeBase = mem.allocate(code.size() * 4 + 64, 256, "code");
  mem.write(d.codeBase, code.data(), code.size() * 4);
  d.codeSize = code.size() * 4;
  d.entryPc = d.codeBase;
  return d;
}

std::vector<uint32_t> loadHexFile(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("missing test program " + path + " (run tests/tools/assemble_programs.py)");
  std::vector<uint32_t> words;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#')
      words.push_back(static_cast<uint32_t>(std::stoul(line, nullptr, 16)));
  return words;
}

WaveHarness::WaveHarness(isa::Gen g, uint32_t vgprs, uint32_t ldsBytes)
    : gen(g), mem(1ull << 32), lds(ldsBytes), gds(64 * 1024) {
  env.global = &mem;
  env.lds = &lds;
  env.gds = &gds;
  env.ldsBytes = ldsBytes;
  wave.gen = g;
  wave.resize(vgprs);
  wave.setExec(~0ull);
}

uint64_t WaveHarness::alloc(size_t bytes, const std::string& name) { return mem.allocate(bytes, 256, name); }

std::vector<isa::DecodedInst> decodeProgram(const std::string& name, isa::Gen g) {
  const std::vector<uint32_t> words = loadProgram(name, g);
  std::vector<isa::DecodedInst> out;
  for (size_t i = 0; i < words.size();) {
    isa::DecodedInst in;
    if (isa::decode(g, words.data() + i, words.size() - i, in) != isa::DecodeStatus::Ok || !in.info)
      throw std::runtime_error("decodeProgram: " + name + ": bad instruction at word " + std::to_string(i));
    if (std::string(in.info->name) == "s_endpgm") break;
    out.push_back(in);
    i += in.bytes() / 4;
  }
  return out;
}

sim::StopReason runAlone(sim::WaveState& w, sim::ExecEnv& env, const isa::DecodedInst& in, sim::SemFn fn,
                         sim::AccessLog* log) {
  sim::PendingWrites pending;
  sim::Exec x(w, in, env, pending);
  x.log = log;
  fn(x);
  if (pending.hasSgpr || pending.hasVgpr) pending.applyTo(w);
  return x.stop();
}

sim::RunStatus WaveHarness::run(const std::vector<uint32_t>& code, uint64_t maxInstructions) {
  std::vector<sim::WaveState> one{wave};
  waves.clear();
  sim::RunStatus st = runWorkgroup(code, 1, maxInstructions);
  wave = waves[0];
  return st;
}

sim::RunStatus WaveHarness::runWorkgroup(const std::vector<uint32_t>& code, unsigned numWaves,
                                         uint64_t maxInstructions) {
  const uint64_t bytes = code.size() * 4 + 64;  // slack so a missing s_endpgm faults cleanly
  codeBase = mem.allocate(bytes, 256, "code");
  mem.write(codeBase, code.data(), code.size() * 4);
  sim::CodeCache cache(gen, mem, codeBase, code.size() * 4);
  cache.setSgprs(wave.numSgprs);
  sim::FunctionalEngine engine(cache, env);
  waves.assign(numWaves, wave);
  for (unsigned i = 0; i < numWaves; ++i) {
    waves[i].pc = codeBase;
    waves[i].waveId = i;
    waves[i].waveInGroup = i;
    if (numWaves > 1 && waves[i].numVgprs > 0)
      for (unsigned l = 0; l < sim::kWaveSize; ++l) waves[i].v(0)[l] = i * sim::kWaveSize + l;
  }
  uint64_t budget = maxInstructions;
  return engine.runWorkgroup(waves, budget);
}

}  // namespace gcnsim::test
