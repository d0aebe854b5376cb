// conformance_coverage KERNELS_DIR EXECUTED_DIR [TABLE_FILE]
//
// The instruction coverage of the conformance suite: disassembles every code
// object in KERNELS_DIR/bin with gcnsim's own decoder, lists per generation the
// distinct mnemonics the kernels contain, and marks those executed by any
// conformance run (the EXECUTED_DIR/*.txt files conformance_runner writes).
// Prints the table (and writes it to TABLE_FILE); fails if an emitted
// instruction was never executed, or a code object does not decode.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/code_object/code_object.hpp"
#include "isa/decoder.hpp"
#include "isa/gen.hpp"

namespace fs = std::filesystem;
using namespace gcnsim;

namespace {

constexpr int kGens = isa::kNumGens;

struct Coverage {
  // Per generation: mnemonic -> kernels that contain it.
  std::map<std::string, std::set<std::string>> emitted[kGens];
  std::set<std::string> executed[kGens];
  std::set<std::string> archSeen[kGens];
  std::vector<std::string> problems;
};

void scanCodeObject(const fs::path& file, Coverage& cov) {
  const frontend::CodeObject co = frontend::loadCodeObject(file);
  const int g = isa::genIndex(co.arch.gen);
  cov.archSeen[g].insert(co.arch.llvmName);
  for (const frontend::KernelInfo& k : co.kernels) {
    uint64_t size = k.codeSize;
    if (size == 0) size = co.textVaddr + co.textSize - k.entryVaddr;
    const auto bytes = co.textBytes(k.entryVaddr, size);
    std::vector<uint32_t> words(bytes.size() / 4);
    if (!words.empty()) std::memcpy(words.data(), bytes.data(), words.size() * 4);
    for (size_t pos = 0; pos < words.size();) {
      isa::DecodedInst inst;
      if (isa::decode(co.arch.gen, words.data() + pos, words.size() - pos, inst) != isa::DecodeStatus::Ok) {
        cov.problems.push_back(file.filename().string() + ": truncated instruction at +" +
                               std::to_string(pos * 4));
        break;
      }
      if (!inst.valid()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%08x", words[pos]);
        cov.problems.push_back(file.filename().string() + ": undecodable word " + buf + " at +" +
                               std::to_string(pos * 4));
      } else {
        cov.emitted[g][inst.info->name].insert(k.name);
      }
      pos += inst.words ? inst.words : 1;
    }
  }
}

void readExecuted(const fs::path& file, Coverage& cov) {
  std::ifstream in(file);
  std::string key, arch;
  in >> key >> arch;
  const auto a = isa::parseArch(arch);
  if (key != "arch" || !a) {
    cov.problems.push_back(file.filename().string() + ": not a conformance_runner executed-mnemonics file");
    return;
  }
  std::string name;
  uint64_t count;
  while (in >> name >> count)
    if (count) cov.executed[isa::genIndex(a->gen)].insert(name);
}

int run(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: conformance_coverage KERNELS_DIR EXECUTED_DIR [TABLE_FILE]\n");
    return 2;
  }
  const fs::path kernels = argv[1], executedDir = argv[2];
  Coverage cov;
  std::vector<fs::path> objects;
  for (const auto& e : fs::directory_iterator(kernels / "bin"))
    if (e.path().extension() == ".hsaco") objects.push_back(e.path());
  std::sort(objects.begin(), objects.end());
  for (const fs::path& p : objects) scanCodeObject(p, cov);
  if (fs::is_directory(executedDir))
    for (const auto& e : fs::directory_iterator(executedDir))
      if (e.path().extension() == ".txt") readExecuted(e.path(), cov);

  std::set<std::string> all;
  for (int g = 0; g < kGens; ++g)
    for (const auto& [name, users] : cov.emitted[g]) all.insert(name);

  std::ostringstream t;
  t << "Conformance instruction coverage: " << objects.size() << " code objects\n";
  t << "  x = emitted and executed, MISS = emitted but never executed, . = not emitted\n\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-34s", "mnemonic");
  t << line;
  for (int g = 0; g < kGens; ++g) {
    std::snprintf(line, sizeof line, " %7s",
                  std::string(isa::genDefaultCpu(static_cast<isa::Gen>(g))).c_str());
    t << line;
  }
  t << '\n';
  for (const std::string& name : all) {
    std::snprintf(line, sizeof line, "%-34s", name.c_str());
    t << line;
    for (int g = 0; g < kGens; ++g) {
      const char* mark = !cov.emitted[g].count(name) ? "." : cov.executed[g].count(name) ? "x" : "MISS";
      std::snprintf(line, sizeof line, " %7s", mark);
      t << line;
    }
    t << '\n';
  }
  t << '\n';
  size_t missing = 0;
  for (int g = 0; g < kGens; ++g) {
    size_t hit = 0;
    std::vector<std::string> miss;
    for (const auto& [name, users] : cov.emitted[g]) {
      if (cov.executed[g].count(name))
        ++hit;
      else {
        std::string who;
        for (const std::string& u : users) who += (who.empty() ? "" : ",") + u;
        miss.push_back(name + " (" + who + ")");
      }
    }
    const size_t n = cov.emitted[g].size();
    std::snprintf(line, sizeof line, "%s: %zu distinct mnemonics emitted, %zu executed (%.1f%%)\n",
                  std::string(isa::genDefaultCpu(static_cast<isa::Gen>(g))).c_str(), n, hit,
                  n ? 100.0 * static_cast<double>(hit) / static_cast<double>(n) : 0.0);
    t << line;
    for (const std::string& m : miss) t << "  never executed: " << m << '\n';
    missing += miss.size();
  }
  for (const std::string& p : cov.problems) t << "problem: " << p << '\n';
  const std::string text = t.str();
  std::fputs(text.c_str(), stdout);
  if (argc > 3) std::ofstream(argv[3]) << text;
  if (missing || !cov.problems.empty()) {
    std::printf("FAIL: %zu emitted instructions never executed, %zu problems\n", missing,
                cov.problems.size());
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 2;
  }
}
