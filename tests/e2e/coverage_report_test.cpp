// Issue 3's coverage figure: for every generation, how many (generation,
// opcode) pairs of the ISA tables have a semantic, and how many are exercised
// by a test — present in an assembled semantic-test program
// (tests/sim/programs/bin), in a conformance or example code object
// (decoded with gcnsim's own decoder), or named as a mnemonic string in a
// semantic test source (the unit tests that build one instruction by name).
#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>

#include "frontend/code_object/code_object.hpp"
#include "isa/decoder.hpp"
#include "isa/table.hpp"
#include "sim/semantics.hpp"

using namespace gcnsim;
namespace fs = std::filesystem;

namespace {

using Covered = std::array<std::set<uint32_t>, isa::kNumGens>;

void addDecoded(Covered& cov, isa::Gen g, const std::vector<uint32_t>& words) {
  for (size_t i = 0; i < words.size();) {
    isa::DecodedInst inst;
    if (isa::decode(g, words.data() + i, words.size() - i, inst) != isa::DecodeStatus::Ok) break;
    if (inst.valid()) cov[isa::genIndex(g)].insert(inst.opIndex);
    i += inst.words;
  }
}

std::optional<isa::Gen> genFromName(const std::string& name) {
  static const std::array<std::pair<const char*, isa::Gen>, 8> tags = {{{".gfx6.", isa::Gen::GCN10},
                                                                        {".gfx7.", isa::Gen::GCN11},
                                                                        {".gfx8.", isa::Gen::GCN12},
                                                                        {".gfx9.", isa::Gen::GCN14},
                                                                        {".gfx600.", isa::Gen::GCN10},
                                                                        {".gfx700.", isa::Gen::GCN11},
                                                                        {".gfx803.", isa::Gen::GCN12},
                                                                        {".gfx900.", isa::Gen::GCN14}}};
  for (const auto& [tag, g] : tags)
    if (name.find(tag) != std::string::npos) return g;
  return std::nullopt;
}

Covered testedOps() {
  Covered cov;
  const fs::path root(GCNSIM_SOURCE_DIR);
  for (const auto& e : fs::directory_iterator(root / "tests/sim/programs/bin")) {
    auto g = genFromName(e.path().filename().string());
    if (!g) continue;
    std::ifstream in(e.path());
    std::vector<uint32_t> words;
    std::string line;
    while (std::getline(in, line))
      if (!line.empty() && line[0] != '#')
        words.push_back(static_cast<uint32_t>(std::stoul(line, nullptr, 16)));
    addDecoded(cov, *g, words);
  }
  for (const fs::path& dir :
       {root / "tests/kernels/bin", root / "examples/vector_add", root / "examples/reduction"}) {
    if (!fs::exists(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() != ".hsaco") continue;
      const auto co = frontend::loadCodeObject(e.path());
      auto text = co.textBytes(co.textVaddr, co.textSize);
      std::vector<uint32_t> words(text.size() / 4);
      std::memcpy(words.data(), text.data(), words.size() * 4);
      addDecoded(cov, co.arch.gen, words);
    }
  }
  // Mnemonics named in semantic tests ("s_add_u32", ...): every string literal
  // made of [a-z0-9_] that starts with a letter.
  for (const auto& e : fs::directory_iterator(root / "tests/sim")) {
    if (e.path().extension() != ".cpp") continue;
    std::ifstream in(e.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t open = text.find('"'); open != std::string::npos;) {
      const size_t close = text.find('"', open + 1);
      if (close == std::string::npos) break;
      const std::string word = text.substr(open + 1, close - open - 1);
      const bool name = !word.empty() && word[0] >= 'a' && word[0] <= 'z' &&
                        word.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
      for (int g = 0; name && g < isa::kNumGens; ++g)
        if (const isa::OpInfo* op = isa::findOpByName(word, static_cast<isa::Gen>(g)))
          cov[g].insert(isa::opIndexOf(op));
      open = name ? text.find('"', close + 1) : close;  // a literal's closing quote may open the next
    }
  }
  return cov;
}

}  // namespace

TEST_CASE("coverage: every (generation, opcode) pair has a semantic, report how many are tested",
          "[coverage]") {
  const Covered tested = testedOps();
  const auto sems = sim::semanticsByOpIndex();
  std::ostringstream table;
  table << "generation  pairs  with semantic  tested\n";
  size_t missing = 0;
  for (int g = 0; g < isa::kNumGens; ++g) {
    size_t pairs = 0, withSem = 0, withTest = 0;
    for (const isa::OpInfo* op : isa::allOps()) {
      if (op->opcode[g] < 0) continue;
      ++pairs;
      const uint32_t idx = isa::opIndexOf(op);
      if (sems[idx])
        ++withSem;
      else if (++missing <= 20)
        UNSCOPED_INFO("no semantic: " << isa::genFamily(static_cast<isa::Gen>(g)) << " " << op->name);
      withTest += tested[g].count(idx);
    }
    table << isa::genName(static_cast<isa::Gen>(g)) << "     " << pairs << "   " << withSem << "           "
          << withTest << "\n";
  }
  // Per format, GCN 1.4 (the largest ISA): where the untested pairs are.
  table << "GCN 1.4 by format (tested/pairs):";
  constexpr int g9 = isa::genIndex(isa::Gen::GCN14);
  for (int f = 0; f < isa::kNumFormats; ++f) {
    size_t pairs = 0, withTest = 0;
    for (const isa::OpInfo& op : isa::opTable(static_cast<isa::Format>(f))) {
      if (op.opcode[g9] < 0) continue;
      ++pairs;
      withTest += tested[g9].count(isa::opIndexOf(&op));
    }
    if (pairs)
      table << " " << isa::formatName(static_cast<isa::Format>(f)) << " " << withTest << "/" << pairs;
  }
  WARN(table.str());
  // Developers: GCNSIM_LIST_UNTESTED=gfx6|gfx7|gfx8|gfx9 prints that generation's untested pairs.
  if (const char* list = std::getenv("GCNSIM_LIST_UNTESTED")) {
    const std::string want(list);
    for (int g = 0; g < isa::kNumGens; ++g) {
      if (want != "gfx" + std::to_string(g == 3 ? 9 : 6 + g)) continue;
      for (const isa::OpInfo* op : isa::allOps())
        if (op->opcode[g] >= 0 && !tested[g].count(isa::opIndexOf(op)))
          std::cout << isa::formatName(op->format) << " " << op->name << "\n";
    }
  }
  CHECK(missing == 0);
}
