// Memory on demand (README "Memory use"): buffer files are mapped privately
// when a job runs (the kernel's writes never reach the file, every run starts
// from the file), zero buffers hold no bytes, results are read only on request.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim::frontend;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::temp_directory_path() / "gcnsim_memory_use_test";

// tests/bench/big_buffer/touch.gfx900.s: zero[i] = in[i] + 1 for the 64
// work-items; here both buffers come from the same file.
Job touchJob(const fs::path& file, const std::string& zero) {
  const fs::path job = kDir / "touch.json";
  std::ofstream(job) << R"({"kernel": {"file": ")" << GCNSIM_SOURCE_DIR
                     << R"(/tests/bench/big_buffer/touch.gfx900.bin", "format": "raw", "arch": "gfx900",
      "vgprs": 8, "setup": {"s[0:1]": {"address": "in"}, "s[2:3]": {"address": "zero"}, "v0": "workitem_id_x"}},
      "grid": [64], "workgroup": [64],
      "buffers": {"in": {"type": "u32", "file": ")"
                     << file.string() << R"("}, "zero": )" << zero << "}}";
  return loadJob(job);
}

uint32_t u32At(const std::vector<uint8_t>& bytes, size_t i) {
  uint32_t v = 0;
  std::memcpy(&v, bytes.data() + 4 * i, 4);
  return v;
}

}  // namespace

TEST_CASE("memory use: a buffer file is mapped privately, the kernel's writes never reach it",
          "[frontend][memory-use]") {
  fs::create_directories(kDir);
  const fs::path file = kDir / "input.bin";
  std::vector<uint8_t> original(3 * 65536 + 12);  // three 64 KiB pages and a partial one
  for (size_t i = 0; i < original.size(); ++i) original[i] = static_cast<uint8_t>(i * 13 + 5);
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(original.data()), original.size());

  // "zero" is the same file with 16 more elements: it is written, "in" is read.
  const Job job = touchJob(file, R"({"type": "u32", "file": ")" + file.string() + R"(", "count": )" +
                                     std::to_string(original.size() / 4 + 16) + "}");
  CHECK(job.findBuffer("in")->bytes.empty());  // not read while loading
  RunOptions opt;
  opt.mode = "functional";
  for (int run = 0; run < 2; ++run) {  // the second run starts from the file again
    const RunOutcome out = runJob(job, opt);
    REQUIRE(out.status.ok());
    const std::vector<uint8_t>& zero = out.doc.buffers.at(1).bytes;
    REQUIRE(zero.size() == original.size() + 64);
    for (size_t i = 0; i < 64; ++i) CHECK(u32At(zero, i) == u32At(original, i) + 1);
    for (size_t i = 64; i < original.size() / 4; ++i) REQUIRE(u32At(zero, i) == u32At(original, i));
    for (size_t i = original.size(); i < zero.size(); ++i) REQUIRE(zero[i] == 0);
    CHECK(out.doc.buffers.at(0).bytes == original);
  }
  CHECK(gcnsim::test::readBytes(file) == original);
  CHECK(job.findBuffer("zero")->initialBytes().size() == original.size() + 64);
}

TEST_CASE("memory use: a buffer file that changed size after loading is bad input",
          "[frontend][memory-use]") {
  fs::create_directories(kDir);
  const fs::path file = kDir / "shrinks.bin";
  std::ofstream(file, std::ios::binary) << std::string(4096, 'x');
  const Job job = touchJob(file, R"({"type": "u32", "count": 64})");
  std::ofstream(file, std::ios::binary) << std::string(1024, 'x');
  RunOptions opt;
  opt.mode = "functional";
  REQUIRE_THROWS_WITH(runJob(job, opt), Catch::Contains("shrinks.bin: changed since the job was loaded (4096 "
                                                        "bytes, now 1024)"));
}

TEST_CASE("memory use: zero buffers hold no bytes, results are read only when asked for",
          "[frontend][memory-use]") {
  fs::create_directories(kDir);
  const fs::path file = kDir / "small.bin";
  std::ofstream(file, std::ios::binary) << std::string(256, '\x01');
  const Job job = touchJob(file, R"({"type": "u32", "count": 1048576, "fill": 0})");
  CHECK(job.findBuffer("zero")->bytes.empty());
  CHECK(job.findBuffer("zero")->size == 4 << 20);
  RunOptions opt;
  opt.mode = "functional";
  opt.readBuffers = false;
  const RunOutcome out = runJob(job, opt);
  REQUIRE(out.status.ok());
  CHECK(out.doc.buffers.empty());
  CHECK(out.doc.stats.instructions > 0);
}
