// The bundled examples (examples/*) on all four generations and in both
// modes give the results worked out on the CPU from the job's own inputs.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "frontend/job.hpp"
#include "frontend/run_cmd.hpp"

using namespace gcnsim::frontend;

namespace {

template <class T>
std::vector<T> valuesOf(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

template <class T>
std::vector<T> inputOf(const Job& job, const std::string& name) {
  return valuesOf<T>(job.findBuffer(name)->bytes);
}

template <class T>
std::vector<T> outputOf(const RunOutcome& out, const std::string& name) {
  for (const ResultBuffer& b : out.doc.buffers)
    if (b.name == name) return valuesOf<T>(b.bytes);
  FAIL("no output buffer " << name);
  return {};
}

RunOutcome run(const Job& job, const std::string& mode) {
  RunOptions opt;
  opt.mode = mode;
  RunOutcome out = runJob(job, opt);
  INFO(out.status.message);
  REQUIRE(out.status.ok());
  return out;
}

const char* kArchs[] = {"gfx600", "gfx700", "gfx803", "gfx900"};
const char* kModes[] = {"functional", "timing"};

}  // namespace

TEST_CASE("examples: vector_add computes c[i] = a[i] + b[i] for i < n and leaves the rest", "[examples]") {
  for (const char* arch : kArchs)
    for (const char* mode : kModes) {
      const Job job =
          loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/vector_add/vector_add." + arch + ".json");
      INFO(arch << " " << mode);
      const auto a = inputOf<float>(job, "a"), b = inputOf<float>(job, "b"), c0 = inputOf<float>(job, "c");
      const uint32_t n = static_cast<uint32_t>(job.args[3].bits);
      const auto c = outputOf<float>(run(job, mode), "c");
      REQUIRE(c.size() == c0.size());
      for (size_t i = 0; i < c.size(); ++i) CHECK(c[i] == (i < n ? a[i] + b[i] : c0[i]));
    }
}

TEST_CASE("examples: reduction writes each work-group's sum (exact: integer-valued floats)", "[examples]") {
  for (const char* arch : kArchs)
    for (const char* mode : kModes) {
      const Job job =
          loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/reduction/reduction." + arch + ".json");
      INFO(arch << " " << mode);
      const auto in = inputOf<float>(job, "in");
      const uint32_t n = static_cast<uint32_t>(job.args[3].bits);
      const auto partial = outputOf<float>(run(job, mode), "partial");
      const uint32_t wg = job.workgroup[0];
      for (size_t g = 0; g < partial.size(); ++g) {
        double sum = 0;
        for (uint32_t i = g * wg; i < (g + 1) * wg; ++i) sum += i < n && i < in.size() ? in[i] : 0.0;
        CHECK(partial[g] == static_cast<float>(sum));
      }
    }
}

TEST_CASE("examples: the raw assembly kernel writes out[wg*64 + t] = (63 - t) * a + b + c", "[examples]") {
  for (const char* arch : kArchs)
    for (const char* mode : kModes) {
      const Job job =
          loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer." + arch + ".json");
      INFO(arch << " " << mode);
      const auto p = inputOf<uint32_t>(job, "params");
      const auto out = outputOf<uint32_t>(run(job, mode), "out");
      REQUIRE(out.size() == job.grid[0]);
      for (uint32_t i = 0; i < out.size(); ++i) CHECK(out[i] == (63 - i % 64) * p[0] + p[1] + p[2]);
    }
}
