// Fuzz target "job": job files, mutated from the examples' and the tests' jobs
// (structure-aware, plus raw text damage), loaded as `gcnsim check` does and,
// when valid, run in both modes under small watchdogs as `gcnsim run` does.
#include <fstream>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/result.hpp"
#include "fuzz.hpp"

namespace gcnsim::fuzz {
namespace {

namespace fs = std::filesystem;
using J = nlohmann::ordered_json;

const std::vector<std::string> kVocabulary = {"kernel",
                                              "grid",
                                              "workgroup",
                                              "buffers",
                                              "args",
                                              "output",
                                              "description",
                                              "file",
                                              "name",
                                              "format",
                                              "arch",
                                              "sgprs",
                                              "vgprs",
                                              "lds_bytes",
                                              "setup",
                                              "type",
                                              "count",
                                              "data",
                                              "fill",
                                              "iota",
                                              "random",
                                              "seed",
                                              "min",
                                              "max",
                                              "start",
                                              "step",
                                              "buffer",
                                              "value",
                                              "local",
                                              "address",
                                              "offset",
                                              "resource",
                                              "stride",
                                              "num_records",
                                              "cache_swizzle",
                                              "swizzle_enable",
                                              "dst_sel_x",
                                              "dst_sel_w",
                                              "num_format",
                                              "data_format",
                                              "element_size",
                                              "index_stride",
                                              "add_tid_enable",
                                              "hash_enable",
                                              "heap",
                                              "s0",
                                              "s[0:1]",
                                              "s[4:7]",
                                              "s[100:101]",
                                              "v0",
                                              "v[1:2]",
                                              "v255",
                                              "m0",
                                              "vcc",
                                              "exec",
                                              "a",
                                              "b",
                                              "c"};

class JobTarget : public Target {
 public:
  const char* name() const override { return "job"; }

  void init(const Context& ctx) override {
    work_ = ctx.workDir;
    for (const char* dir : {"examples", "tests/frontend/data"})
      for (const auto& e : fs::recursive_directory_iterator(ctx.sourceDir / dir)) {
        if (e.path().extension() != ".json" || e.path().string().find("fuzz-repro") != std::string::npos)
          continue;
        J doc = J::parse(readFileBytes(e.path()));
        // Paths inside a job are relative to its folder: make them absolute.
        auto absolute = [&](J& f) {
          if (f.is_string()) {
            f = (e.path().parent_path() / f.get<std::string>()).lexically_normal().string();
            files_.push_back(f.get<std::string>());
          }
        };
        if (doc.contains("kernel") && doc["kernel"].contains("file")) absolute(doc["kernel"]["file"]);
        if (doc.contains("buffers"))
          for (auto& b : doc["buffers"])
            if (b.is_object() && b.contains("file")) absolute(b["file"]);
        seeds_.push_back(std::move(doc));
      }
    if (seeds_.empty()) throw std::runtime_error("job: no seed jobs found");
  }

  std::string generate(Rng& rng) override {
    J doc = rng.pick(seeds_);
    for (uint64_t i = 0, n = rng.chance(50) ? 1 : 1 + rng.below(4); i < n; ++i)
      mutateJson(doc, rng, kVocabulary, files_);
    std::string text = doc.dump(-1, ' ', false, J::error_handler_t::replace);
    if (rng.chance(15))
      for (uint64_t i = 0, n = 1 + rng.below(3); i < n; ++i) mutateBytes(text, rng);
    return text;
  }

  bool run(const std::string& input) override {
    const fs::path job = work_ / "job.json";
    std::ofstream(job, std::ios::binary) << input;
    return loadAndRunJob(job, work_);
  }

 private:
  fs::path work_;
  std::vector<J> seeds_;
  std::vector<std::string> files_;
};

}  // namespace

bool loadAndRunJob(const fs::path& jobPath, const fs::path& workDir) {
  frontend::Limits limits;
  limits.maxFileBytes = 4 << 20;
  limits.maxBufferBytes = 8 << 20;
  limits.maxWorkgroups = 64;
  limits.maxSteps = 256;
  limits.maxScratchBytes = 64 << 20;
  std::optional<frontend::Job> loaded;
  if (!expectInputErrorOnly([&] { loaded = frontend::loadJob(jobPath, limits); })) return false;
  for (const char* mode : {"functional", "timing"}) {
    frontend::RunOptions opt;
    opt.mode = mode;
    opt.limits = limits;
    opt.maxInstructions = 20000;
    opt.maxCycles = 50000;
    frontend::RunOutcome out;
    if (!expectInputErrorOnly([&] { out = frontend::runJob(*loaded, opt); })) continue;
    if (!out.status.ok()) {
      if (out.status.message.empty()) throw Failure("a fault or watchdog without a message");
      continue;
    }
    expectInputErrorOnly([&] { frontend::writeResultJson(workDir / "result.json", out.doc); });
  }
  return true;
}

std::unique_ptr<Target> makeJobTarget() { return std::make_unique<JobTarget>(); }

}  // namespace gcnsim::fuzz
