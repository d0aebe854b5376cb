// The bundled examples (examples/*) on all four generations and in both
// modes give the results worked out on the CPU from the job's own inputs.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/job/job.hpp"

using namespace gcnsim::frontend;

namespace {

template <class T>
std::vector<T> valuesOf(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

// A buffer's initial contents (zeros past the bytes the job holds).
template <class T>
std::vector<T> inputOf(const Job& job, const std::string& name) {
  return valuesOf<T>(job.findBuffer(name)->initialBytes());
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

// Runs a gfx900 example whose arguments are (x, y, float a, ...) in both
// modes and checks y[i] == expected(i, a, x[i], initial y[i]) for every element.
template <class Expected>
void checkXyExample(const std::string& jobPath, Expected expected) {
  for (const char* mode : kModes) {
    const Job job = loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/" + jobPath);
    INFO(mode);
    const auto x = inputOf<float>(job, "x"), y0 = inputOf<float>(job, "y");
    float a = 0;
    std::memcpy(&a, &job.args[2].bits, sizeof a);
    const auto y = outputOf<float>(run(job, mode), "y");
    REQUIRE(y.size() == y0.size());
    for (uint32_t i = 0; i < y.size(); ++i)
      CHECK(y[i] == expected(job, i, a, i < x.size() ? x[i] : 0.0f, y0[i]));
  }
}

TEST_CASE("examples: the HIP kernel computes y[i] = fmaf(a, x[i], i) for i < n", "[examples][hip]") {
  checkXyExample("hip/vector_scale.gfx900.json", [](const Job& job, uint32_t i, float a, float x, float y0) {
    return i < job.args[3].bits ? std::fma(a, x, float(i)) : y0;
  });
}

TEST_CASE("examples: the -g saxpy kernel computes y = fma(a, x, y)", "[examples]") {
  // v_fma_f32 (llvm-objdump-15 -d): one rounding.
  checkXyExample("debug_lines/saxpy.gfx900.json",
                 [](const Job&, uint32_t, float a, float x, float y0) { return std::fma(a, x, y0); });
}

TEST_CASE("raw code reads kernel arguments from the kernarg segment (\"args\" + kernarg_segment_ptr)",
          "[examples]") {
  // The raw example again, its parameters passed as seven u32 arguments
  // instead of a buffer: they lie at byte offsets 0, 4, ..., 24 of the kernarg
  // segment, where the kernel's s_load_dwordx4/x2/dword read them.
  for (const char* arch : kArchs)
    for (const char* mode : kModes) {
      INFO(arch << " " << mode);
      const std::string bin =
          std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer." + arch + ".bin";
      const auto path =
          std::filesystem::temp_directory_path() / ("gcnsim_raw_args_" + std::string(arch) + ".json");
      std::ofstream(path) << R"({"kernel": {"file": ")" << bin << R"(", "format": "raw", "arch": ")" << arch
                          << R"(", "sgprs": 24, "vgprs": 8, "lds_bytes": 256,
          "setup": {"s[0:1]": "kernarg_segment_ptr", "s9": "workgroup_id_x", "v0": "workitem_id_x",
                    "m0": 4294967295,
                    "s[4:7]": {"resource": {"buffer": "out", "data_format": "32", "num_format": "uint"}}}},
        "grid": [128], "workgroup": [64], "buffers": {"out": {"type": "u32", "count": 128}},
        "args": [{"value": 5, "type": "u32"}, {"value": 1000, "type": "u32"}, {"value": 20, "type": "u32"},
                 {"value": 0, "type": "u32"}, {"value": 0, "type": "u32"}, {"value": 0, "type": "u32"},
                 {"value": 0, "type": "u32"}]})";
      // gfx900 runs the shipped example job, the others the same job written here.
      const Job job =
          std::string(arch) == "gfx900"
              ? loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer_args.gfx900.json")
              : loadJob(path);
      CHECK(job.args[6].kernargOffset == 24);
      const auto out = outputOf<uint32_t>(run(job, mode), "out");
      REQUIRE(out.size() == 128);
      for (uint32_t i = 0; i < out.size(); ++i) CHECK(out[i] == (63 - i % 64) * 5 + 1000 + 20);
    }
}
