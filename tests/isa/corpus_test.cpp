// Round-trip oracle: every corpus line pairs machine code that llvm-mc-15
// produced with the text LLVM prints for it (tests/tools/llvmcorpus.py). The
// decoder must consume exactly those words and the disassembler must print
// exactly that text. Since the text is what llvm-mc assembled into those
// bytes, equality closes the loop text -> bytes -> gcnsim -> text.
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "isa/table.hpp"

using namespace gcnsim::isa;
namespace fs = std::filesystem;

namespace {

struct CorpusLine {
  std::string file;
  int line;
  std::vector<uint32_t> words;
  std::string text;
};

Gen genOfFile(const std::string& name) {
  if (name.find(".gfx906.") != std::string::npos) return Gen{Gen::GCN14, Variant::Gfx906};
  if (name.find(".gfx6.") != std::string::npos) return Gen::GCN10;
  if (name.find(".gfx7.") != std::string::npos) return Gen::GCN11;
  if (name.find(".gfx8.") != std::string::npos) return Gen::GCN12;
  return Gen::GCN14;
}

std::vector<std::pair<Gen, CorpusLine>> loadCorpus() {
  std::vector<std::pair<Gen, CorpusLine>> all;
  const fs::path dir = fs::path(GCNSIM_TEST_DATA) / "isa" / "corpus";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    std::ifstream in(p);
    std::string s;
    int n = 0;
    while (std::getline(in, s)) {
      ++n;
      if (s.empty() || s[0] == '#') continue;
      auto tab = s.find('\t');
      CorpusLine cl{p.filename().string(), n, {}, s.substr(tab + 1)};
      std::istringstream hex(s.substr(0, tab));
      std::string w;
      while (hex >> w) cl.words.push_back(static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
      all.emplace_back(genOfFile(cl.file), std::move(cl));
    }
  }
  return all;
}

}  // namespace

TEST_CASE("corpus: gcnsim decodes and prints LLVM's encodings exactly", "[isa][corpus]") {
  const auto corpus = loadCorpus();
  REQUIRE(corpus.size() > 0);
  size_t failures = 0;
  std::set<std::pair<int, uint32_t>> covered;  // (opcode column: generation or variant, opIndex)
  for (const auto& [gen, cl] : corpus) {
    DecodedInst inst;
    auto st = decode(gen, cl.words.data(), cl.words.size(), inst);
    std::string got = st == DecodeStatus::Ok ? disassemble(gen, inst) : "<truncated>";
    bool ok = st == DecodeStatus::Ok && inst.words == cl.words.size() && got == cl.text;
    if (!ok) {
      if (++failures <= 40)
        UNSCOPED_INFO(cl.file << ":" << cl.line << ": expected \"" << cl.text << "\" got \"" << got << "\" ("
                              << int(inst.words) << " of " << cl.words.size() << " words)");
    } else if (inst.valid()) {
      covered.emplace(opColumn(gen), inst.opIndex);
    }
  }
  size_t pairs = 0;
  for (const OpInfo* op : allOps())
    for (int g = 0; g < kNumOpColumns; ++g)
      pairs += op->opcode[g] >= 0 && (g < kNumGens || op->opcode[g] != op->opcode[genIndex(Gen::GCN14)]);
  WARN("ISA corpus: " << corpus.size() << " encodings checked, " << failures << " mismatches; "
                      << covered.size() << " of " << pairs << " (generation, opcode) pairs covered");
  CHECK(failures == 0);

  // Every (generation, opcode) pair of the tables is in the corpus (and every
  // opcode of a variant column that differs from its generation's), unless a
  // tests/isa/corpus/*.skip file says why LLVM 15 cannot assemble it
  // (lines: "<gfxN> <mnemonic> <reason>").
  std::set<std::pair<std::string, std::string>> skipped;
  for (const auto& e : fs::directory_iterator(fs::path(GCNSIM_TEST_DATA) / "isa" / "corpus")) {
    if (e.path().extension() != ".skip") continue;
    std::ifstream in(e.path());
    std::string gfx, name;
    std::string rest;
    while (in >> gfx) {
      if (gfx[0] == '#') {
        std::getline(in, rest);
        continue;
      }
      in >> name;
      std::getline(in, rest);
      skipped.emplace(gfx, name);
    }
  }
  size_t uncovered = 0;
  const std::array<std::string, kNumOpColumns> gfx = {"gfx6", "gfx7", "gfx8", "gfx9", "gfx906"};
  for (const OpInfo* op : allOps())
    for (int g = 0; g < kNumOpColumns; ++g) {
      if (op->opcode[g] < 0 || covered.count({g, opIndexOf(op)}) || skipped.count({gfx[g], op->name}))
        continue;
      if (g >= kNumGens && op->opcode[g] == op->opcode[genIndex(Gen::GCN14)]) continue;  // as gfx9
      if (++uncovered <= 40)
        UNSCOPED_INFO("not in the corpus and not skipped: " << gfx[g] << " " << op->name);
    }
  WARN(skipped.size() << " (generation, mnemonic) pairs listed as not assemblable by LLVM 15");
  CHECK(uncovered == 0);
}
