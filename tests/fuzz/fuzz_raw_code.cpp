// Fuzz target "raw_code": machine code executed on all four generations --
// the semantic tests' programs (tests/sim/programs/bin/*.hex) with words
// replaced, spliced, flipped, inserted and deleted, or random words -- run as
// a raw job with buffers, a kernarg segment and work-item ids in registers, in
// both modes under small watchdogs, and disassembled as `gcnsim disasm` does.
// Input: byte 0 the generation, byte 1 the grid shape, then the code words.
#include <cstring>
#include <fstream>
#include <sstream>

#include "frontend/cli/disasm_cmd.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"
#include "fuzz.hpp"
#include "isa/gen.hpp"

namespace gcnsim::fuzz {
namespace {

namespace fs = std::filesystem;

const char* const kArchs[] = {"gfx600", "gfx700", "gfx803", "gfx900"};
const char* const kSuffix[] = {".gfx6.hex", ".gfx7.hex", ".gfx8.hex", ".gfx9.hex"};

class RawCodeTarget : public Target {
 public:
  const char* name() const override { return "raw_code"; }

  void init(const Context& ctx) override {
    work_ = ctx.workDir;
    for (const auto& e : fs::directory_iterator(ctx.sourceDir / "tests/sim/programs/bin")) {
      const std::string n = e.path().filename().string();
      for (int g = 0; g < 4; ++g) {
        if (!n.ends_with(kSuffix[g])) continue;
        std::istringstream in(readFileBytes(e.path()));
        std::vector<uint32_t> words;
        for (std::string line; std::getline(in, line);)
          if (!line.empty() && line[0] != '#')
            words.push_back(static_cast<uint32_t>(std::stoul(line, nullptr, 16)));
        if (!words.empty()) programs_[g].push_back(std::move(words));
      }
    }
    for (int g = 0; g < 4; ++g)
      if (programs_[g].empty())
        throw std::runtime_error(std::string("raw_code: no seed programs for ") + kArchs[g]);
  }

  std::string generate(Rng& rng) override {
    const unsigned g = static_cast<unsigned>(rng.below(4));
    std::vector<uint32_t> w;
    if (rng.chance(15)) {
      for (uint64_t i = 0, n = 1 + rng.below(64); i < n; ++i) w.push_back(static_cast<uint32_t>(rng.next()));
    } else {
      w = rng.pick(programs_[g]);
    }
    for (uint64_t i = 0, n = 1 + rng.below(6); i < n; ++i) {
      const auto& other = rng.pick(programs_[g]);
      const size_t at = rng.below(w.size() + 1);
      switch (rng.below(6)) {
        case 0:
          if (at < w.size()) w[at] = static_cast<uint32_t>(rng.next());
          break;
        case 1:
          if (at < w.size()) w[at] ^= 1u << rng.below(32);
          break;
        case 2: w.insert(w.begin() + static_cast<ptrdiff_t>(at), rng.pick(other)); break;
        case 3:
          if (at < w.size() && w.size() > 1) w.erase(w.begin() + static_cast<ptrdiff_t>(at));
          break;
        case 4: {  // splice a run of another program
          const size_t from = rng.below(other.size()),
                       len = 1 + rng.below(std::min<size_t>(8, other.size() - from));
          w.insert(w.begin() + static_cast<ptrdiff_t>(at), other.begin() + static_cast<ptrdiff_t>(from),
                   other.begin() + static_cast<ptrdiff_t>(from + len));
          break;
        }
        default:  // keep the opcode bits of a word, randomise its operands
          if (at < w.size())
            w[at] = (w[at] & 0xff800000u) | (static_cast<uint32_t>(rng.next()) & 0x007fffffu);
          break;
      }
    }
    std::string input(2, '\0');
    input[0] = static_cast<char>(g);
    input[1] = static_cast<char>(rng.next());
    input.append(reinterpret_cast<const char*>(w.data()), w.size() * 4);
    return input;
  }

  bool run(const std::string& input) override {
    if (input.size() < 6) return false;
    const unsigned g = static_cast<unsigned char>(input[0]) % 4;
    const unsigned shape = static_cast<unsigned char>(input[1]);
    std::string code = input.substr(2);
    code.resize(code.size() / 4 * 4);
    std::vector<uint32_t> words(code.size() / 4);
    std::memcpy(words.data(), code.data(), code.size());
    std::ostringstream sink;
    const auto arch = isa::parseArch(kArchs[g]);
    expectInputErrorOnly([&] { frontend::printListing(sink, arch->gen, words, 0); });

    const fs::path bin = work_ / "raw.bin", job = work_ / "raw.json";
    std::ofstream(bin, std::ios::binary) << code;
    const unsigned wg = shape & 1 ? 64 : 128, groups = 1 + (shape >> 1) % 3;
    std::ofstream(job) << R"({"kernel": {"file": "raw.bin", "format": "raw", "arch": ")" << kArchs[g]
                       << R"(", "lds_bytes": )" << (shape & 8 ? 65280 : 4096) << R"(,
      "setup": {"s[0:1]": {"address": "a"}, "s[4:7]": {"resource": {"buffer": "a"}},
                "s[12:15]": {"resource": {"buffer": "b", "stride": 16}}, "s[10:11]": "kernarg_segment_ptr",
                "s2": "workgroup_id_x", "s8": 0, "m0": -1, "v0": "workitem_id_x"}},
      "grid": [)" << wg * groups
                       << R"(], "workgroup": [)" << wg << R"(],
      "buffers": {"a": {"type": "u32", "count": 1024, "iota": {}}, "b": {"type": "f32", "count": 256, "fill": 1.5}},
      "args": [{"buffer": "b"}, {"value": 7, "type": "u32"}, {"local": 256}]})";
    std::optional<frontend::Job> loaded;
    if (!expectInputErrorOnly([&] { loaded = frontend::loadJob(job); })) return false;
    for (const char* mode : {"functional", "timing"}) {
      frontend::RunOptions opt;
      opt.mode = mode;
      opt.maxInstructions = 5000;
      opt.maxCycles = 20000;
      frontend::RunOutcome out;
      if (!expectInputErrorOnly([&] { out = frontend::runJob(*loaded, opt); })) continue;
      if (!out.status.ok() && out.status.message.empty())
        throw Failure("a fault or watchdog without a message");
    }
    return true;
  }

 private:
  fs::path work_;
  std::vector<std::vector<uint32_t>> programs_[4];
};

}  // namespace

std::unique_ptr<Target> makeRawCodeTarget() { return std::make_unique<RawCodeTarget>(); }

}  // namespace gcnsim::fuzz
