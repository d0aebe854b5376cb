// gcnsim's fuzz harness (issue 16): one target per kind of input a user hands
// gcnsim -- a job file, a code object, raw machine code that is executed, a GPU
// config, two result documents to compare. A plain driver (driver.cpp) derives every input deterministically
// from (seed, iteration) by mutating seed inputs from the repository, runs it
// through the same code the gcnsim command runs, and checks the contract:
// either it works, or it throws InputError whose message is one non-empty
// line; a kernel may fault or hit the watchdog. Anything else -- another
// exception, a crash or undefined behaviour (the harness is meant to be built
// with -DGCNSIM_SANITIZE=ON), or an input that takes too long -- is a failure,
// reported with the command that reproduces it.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/job/random_fill.hpp"

namespace gcnsim::fuzz {

// SplitMix64, the generator of the job's "random" buffers (frontend/job/random_fill.hpp).
class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  uint64_t next() { return g_.next(); }
  // Uniform in [0, n) (n > 0).
  uint64_t below(uint64_t n) { return next() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }

 private:
  frontend::SplitMix64 g_;
};

// A contract violation found by a target.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Context {
  std::filesystem::path sourceDir;  // the repository
  std::filesystem::path workDir;    // scratch files of this run
};

class Target {
 public:
  virtual ~Target() = default;
  virtual const char* name() const = 0;
  // Loads seed inputs from the repository.
  virtual void init(const Context& ctx) = 0;
  // A new input, derived from the seeds with `rng`.
  virtual std::string generate(Rng& rng) = 0;
  // Runs one input; throws Failure when the contract is broken. Returns true
  // when the input got past validation (it ran, or was described).
  virtual bool run(const std::string& input) = 0;
};

std::unique_ptr<Target> makeJobTarget();
std::unique_ptr<Target> makeCodeObjectTarget();
std::unique_ptr<Target> makeRawCodeTarget();
std::unique_ptr<Target> makeConfigTarget();
std::unique_ptr<Target> makeResultTarget();

// Shared mutators (mutate.cpp).
// Byte-level: flips, interesting integers at random offsets, inserts, deletes,
// duplicated ranges; `hot` offsets (headers, descriptors) are preferred.
void mutateBytes(std::string& data, Rng& rng, const std::vector<std::pair<size_t, size_t>>& hot = {});
// Structure-aware JSON: replaces, deletes, duplicates or adds a node, with
// interesting values and keys from `vocabulary`.
void mutateJson(nlohmann::ordered_json& doc, Rng& rng, const std::vector<std::string>& vocabulary,
                const std::vector<std::string>& files);
// Runs `f`; InputError must be one non-empty line (else Failure); any other
// exception is a Failure. Returns true when `f` returned normally.
template <class F>
bool expectInputErrorOnly(F&& f);

std::string readFileBytes(const std::filesystem::path& p);

// Loads the job at `jobPath` with the fuzz limits and runs it in functional
// and timing mode (a short instruction and cycle budget), writing each result
// document to `workDir`: the contract above for every step, and a fault or
// watchdog must carry a message (fuzz_job.cpp). Returns true when it loaded.
bool loadAndRunJob(const std::filesystem::path& jobPath, const std::filesystem::path& workDir);

}  // namespace gcnsim::fuzz

#include "frontend/common/error.hpp"

namespace gcnsim::fuzz {

void checkMessage(const std::string& what, const char* kind);

template <class F>
bool expectInputErrorOnly(F&& f) {
  try {
    f();
    return true;
  } catch (const Failure&) {
    throw;
  } catch (const frontend::InputError& e) {
    checkMessage(e.what(), "InputError");
    return false;
  } catch (const std::exception& e) {
    throw Failure(std::string("exception other than InputError (internal error): ") + e.what());
  }
}

}  // namespace gcnsim::fuzz
