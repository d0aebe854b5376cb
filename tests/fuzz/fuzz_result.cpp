// Fuzz target "result": pairs of result documents for `gcnsim diff`, mutated
// from real ones (the reduction example in timing mode with its stall profile
// and annotated listing, and in functional mode), loaded and compared as the
// command does, with and without --changed. A user hands diff any two files:
// its contract is the same as every other input's (fuzz.hpp).
//
// An input is document A's text, a separator line, then B's (kSeparator), so
// that a saved input reproduces both.
#include <fstream>

#include "frontend/cli/diff_cmd.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/run_reports.hpp"
#include "fuzz.hpp"

namespace gcnsim::fuzz {
namespace {

namespace fs = std::filesystem;
using J = nlohmann::ordered_json;

constexpr std::string_view kSeparator = "\n=== B ===\n";

class ResultTarget : public Target {
 public:
  const char* name() const override { return "result"; }

  void init(const Context& ctx) override {
    work_ = ctx.workDir;
    const frontend::Job job = frontend::loadJob(ctx.sourceDir / "examples/reduction/reduction.gfx900.json");
    for (const char* mode : {"timing", "functional"}) {
      frontend::RunOptions opt;
      opt.mode = mode;
      opt.readBuffers = true;
      if (opt.mode == "timing") opt.reports = {"listing"};  // the stall profile and the listing
      frontend::RunOutcome out = frontend::runJob(job, opt);
      if (out.profile) frontend::addProfileSections(*out.profile, out.listing, out.doc);
      const fs::path p = work_ / (std::string("seed_") + mode + ".json");
      frontend::writeResultJson(p, out.doc);
      seeds_.push_back(J::parse(readFileBytes(p)));
    }
    // Every key of the seeds, for structure-aware mutations.
    std::vector<const J*> todo;
    for (const J& s : seeds_) todo.push_back(&s);
    while (!todo.empty()) {
      const J* n = todo.back();
      todo.pop_back();
      if (n->is_object())
        for (auto it = n->begin(); it != n->end(); ++it) {
          if (std::find(vocabulary_.begin(), vocabulary_.end(), it.key()) == vocabulary_.end())
            vocabulary_.push_back(it.key());
          todo.push_back(&it.value());
        }
      else if (n->is_array() && !n->empty())
        todo.push_back(&n->front());
    }
  }

  std::string generate(Rng& rng) override {
    std::string text[2];
    for (std::string& t : text) {
      J doc = rng.pick(seeds_);
      for (uint64_t i = 0, n = rng.below(5); i < n; ++i) mutateJson(doc, rng, vocabulary_, {});
      t = doc.dump(-1, ' ', false, J::error_handler_t::replace);
      if (rng.chance(10)) mutateBytes(t, rng);
    }
    return text[0] + std::string(kSeparator) + text[1];
  }

  bool run(const std::string& input) override {
    const size_t sep = input.find(kSeparator);
    const fs::path a = work_ / "a.json", b = work_ / "b.json";
    std::ofstream(a, std::ios::binary) << input.substr(0, sep);
    std::ofstream(b, std::ios::binary)
        << (sep == std::string::npos ? "" : input.substr(sep + kSeparator.size()));
    return expectInputErrorOnly([&] {
      const J da = frontend::loadResultDocument(a.string()), db = frontend::loadResultDocument(b.string());
      for (const bool changed : {false, true})
        if (frontend::diffResults(da, db, "a", "b", changed).empty()) throw Failure("an empty comparison");
    });
  }

 private:
  fs::path work_;
  std::vector<J> seeds_;
  std::vector<std::string> vocabulary_;
};

}  // namespace

std::unique_ptr<Target> makeResultTarget() { return std::make_unique<ResultTarget>(); }

}  // namespace gcnsim::fuzz
