// Fuzz target "code_object": AMDGPU code objects, mutated from the examples'
// (bytes, preferring the ELF header, program and section headers, notes with
// the msgpack metadata, and the kernel descriptors), loaded as `gcnsim info`
// and `disasm` do, described and disassembled, and, when valid, run through
// the example's job in both modes under small watchdogs.
#include <cstring>
#include <fstream>
#include <sstream>

#include "frontend/code_object.hpp"
#include "frontend/disasm_cmd.hpp"
#include "frontend/elf_reader.hpp"
#include "frontend/info_cmd.hpp"
#include "frontend/job.hpp"
#include "frontend/run_cmd.hpp"
#include "fuzz.hpp"

namespace gcnsim::fuzz {
namespace {

namespace fs = std::filesystem;
using J = nlohmann::ordered_json;

struct Seed {
  std::string bytes;
  std::vector<std::pair<size_t, size_t>> hot;  // file ranges worth mutating most
  J job;                                       // a job running it (kernel.file set per input)
};

class CodeObjectTarget : public Target {
 public:
  const char* name() const override { return "code_object"; }

  void init(const Context& ctx) override {
    work_ = ctx.workDir;
    for (const auto& e : fs::recursive_directory_iterator(ctx.sourceDir / "examples")) {
      if (e.path().extension() != ".json") continue;
      J job = J::parse(readFileBytes(e.path()));
      if (!job.contains("kernel")) continue;  // a multi-step job ("kernels", README "Steps")
      const fs::path dir = e.path().parent_path();
      const std::string file = job["kernel"]["file"].get<std::string>();
      if (!file.ends_with(".hsaco")) continue;
      if (job.contains("buffers"))
        for (auto& b : job["buffers"])
          if (b.contains("file")) b["file"] = (dir / b["file"].get<std::string>()).string();
      add(dir / file, job);
      if (file == "vector_add.gfx900.hsaco")
        for (const char* v : {"vector_add.gfx900.v3.hsaco", "vector_add.gfx900.v5.hsaco"})
          add(ctx.sourceDir / "tests/frontend/data" / v, job);
    }
    if (seeds_.empty()) throw std::runtime_error("code_object: no seed code objects found");
  }

  std::string generate(Rng& rng) override {
    const Seed& s = seeds_[rng.below(seeds_.size())];
    last_ = &s;
    std::string bytes = s.bytes;
    for (uint64_t i = 0, n = 1 + rng.below(rng.chance(20) ? 16 : 3); i < n; ++i)
      mutateBytes(bytes, rng, s.hot);
    return bytes;
  }

  bool run(const std::string& input) override {
    const fs::path co = work_ / "kernel.hsaco";
    std::ofstream(co, std::ios::binary) << input;
    std::ostringstream sink;
    std::optional<frontend::CodeObject> loaded;
    if (!expectInputErrorOnly([&] { loaded = frontend::loadCodeObject(co, 4 << 20); })) return false;
    expectInputErrorOnly([&] { frontend::printCodeObjectInfo(sink, *loaded); });
    // With source lines: mutated DWARF of the -g example goes through libdw.
    expectInputErrorOnly([&] { frontend::printCodeObjectListing(sink, *loaded, std::nullopt, true); });
    // Run it through a job of the same kernel (the seed's, or the first).
    J job = (last_ ? *last_ : seeds_.front()).job;
    job["kernel"]["file"] = co.string();
    const fs::path jobPath = work_ / "co_job.json";
    std::ofstream(jobPath) << job.dump();
    return loadAndRunJob(jobPath, work_);
  }

 private:
  void add(const fs::path& file, const J& job) {
    Seed s;
    s.bytes = readFileBytes(file);
    s.job = job;
    const auto* data = reinterpret_cast<const uint8_t*>(s.bytes.data());
    const frontend::elf::Reader r(std::span<const uint8_t>(data, s.bytes.size()), file.string());
    s.hot.emplace_back(0, 64);
    for (const auto& p : r.programHeaders())
      s.hot.emplace_back(p.offset, p.offset + std::min<uint64_t>(p.filesz, 64));
    for (const auto& sec : r.sections()) {
      if (sec.type == frontend::elf::kShtNote || sec.name == ".rodata" || sec.name == ".dynsym" ||
          sec.name == ".symtab")
        s.hot.emplace_back(sec.offset, sec.offset + sec.size);
    }
    // The program and section header tables themselves.
    uint64_t phoff = 0, shoff = 0;
    std::memcpy(&phoff, data + 32, 8);
    std::memcpy(&shoff, data + 40, 8);
    s.hot.emplace_back(phoff, phoff + 56 * r.programHeaders().size());
    s.hot.emplace_back(shoff, shoff + 64 * r.sections().size());
    seeds_.push_back(std::move(s));
  }

  fs::path work_;
  std::vector<Seed> seeds_;
  const Seed* last_ = nullptr;
};

}  // namespace

std::unique_ptr<Target> makeCodeObjectTarget() { return std::make_unique<CodeObjectTarget>(); }

}  // namespace gcnsim::fuzz
