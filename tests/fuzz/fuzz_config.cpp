// Fuzz target "config": GPU configs (`gcnsim run --config`), mutated from
// configs/*.json (structure-aware with the config's own section and field
// names, plus raw text damage), loaded and, when valid, used to run the
// vector_add example in timing mode under a small cycle watchdog.
#include <fstream>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/config/config_loader.hpp"
#include "frontend/job/job.hpp"
#include "fuzz.hpp"

namespace gcnsim::fuzz {
namespace {

namespace fs = std::filesystem;
using J = nlohmann::ordered_json;

class ConfigTarget : public Target {
 public:
  const char* name() const override { return "config"; }

  void init(const Context& ctx) override {
    work_ = ctx.workDir;
    for (const auto& e : fs::directory_iterator(ctx.sourceDir / "configs"))
      if (e.path().extension() == ".json") seeds_.push_back(J::parse(readFileBytes(e.path())));
    if (seeds_.empty()) throw std::runtime_error("config: no seed configs found");
    vocabulary_ = {"gpu", "cu", "issue", "kcache", "lds", "l1", "memory", "value", "source", "arch", "name"};
    for (const std::string& f : frontend::gpuConfigFields()) vocabulary_.push_back(f.substr(f.find('.') + 1));
    job_ = frontend::loadJob(ctx.sourceDir / "examples/vector_add/vector_add.gfx900.json");
  }

  std::string generate(Rng& rng) override {
    J doc = rng.pick(seeds_);
    for (uint64_t i = 0, n = 1 + rng.below(4); i < n; ++i) mutateJson(doc, rng, vocabulary_, {});
    std::string text = doc.dump(-1, ' ', false, J::error_handler_t::replace);
    if (rng.chance(10)) mutateBytes(text, rng);
    return text;
  }

  bool run(const std::string& input) override {
    const fs::path cfg = work_ / "config.json";
    std::ofstream(cfg, std::ios::binary) << input;
    if (!expectInputErrorOnly([&] { (void)frontend::loadGpuConfig(cfg); })) return false;
    frontend::RunOptions opt;
    opt.mode = "timing";
    opt.config = cfg.string();
    opt.maxCycles = 50000;
    frontend::RunOutcome out;
    if (!expectInputErrorOnly([&] { out = frontend::runJob(*job_, opt); })) return false;
    if (!out.status.ok() && out.status.message.empty())
      throw Failure("a fault or watchdog without a message");
    return true;
  }

 private:
  fs::path work_;
  std::vector<J> seeds_;
  std::vector<std::string> vocabulary_;
  std::optional<frontend::Job> job_;
};

}  // namespace

std::unique_ptr<Target> makeConfigTarget() { return std::make_unique<ConfigTarget>(); }

}  // namespace gcnsim::fuzz
