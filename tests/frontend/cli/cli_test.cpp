// The gcnsim executable: exit statuses and messages of info, disasm and check.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/common/gcnsim_process.hpp"
#include "tests/common/test_files.hpp"

namespace {

using Run = ::gcnsim::test::MergedRun;
Run runCli(const std::string& args) { return ::gcnsim::test::runMerged(args); }

const std::string kExamples = std::string(GCNSIM_SOURCE_DIR) + "/examples/";

}  // namespace

TEST_CASE("gcnsim info describes a code object", "[frontend][cli]") {
  const Run r = runCli("info " + kExamples + "vector_add/vector_add.gfx803.hsaco");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("arch                gfx803 (GCN 1.2, gfx8)"));
  CHECK_THAT(r.out, Catch::Contains("kernel vector_add"));
  CHECK_THAT(r.out, Catch::Contains("kernarg segment     88 bytes, align 8"));
  CHECK_THAT(r.out, Catch::Contains("3   24     4     by_value"));
  CHECK_THAT(r.out, Catch::Contains("enable_sgpr_kernarg_segment_ptr"));
}

TEST_CASE("gcnsim disasm lists each kernel of a code object", "[frontend][cli]") {
  const Run r = runCli("disasm " + kExamples + "vector_add/vector_add.gfx900.hsaco");
  CHECK(r.status == 0);
  // llvm-objdump-15 -d: the first instruction at 0x1800 is C0020082 00000004.
  CHECK_THAT(r.out, Catch::StartsWith("vector_add:\n  000000001800: C0020082 00000004"));
  const Run bad = runCli("disasm --kernel vadd " + kExamples + "vector_add/vector_add.gfx900.hsaco");
  CHECK(bad.status == 2);
  CHECK_THAT(bad.out, Catch::Contains("no kernel \"vadd\" (kernels: vector_add)"));
  const Run raw = runCli("disasm " + kExamples + "asm/smem_lds_buffer.gfx900.bin");
  CHECK(raw.status == 2);
  CHECK_THAT(raw.out, Catch::Contains("--arch is required"));
}

TEST_CASE("gcnsim check: good jobs exit 0, bad jobs exit 2 with one line", "[frontend][cli]") {
  CHECK(runCli("check " + kExamples + "vector_add/vector_add.gfx900.json").status == 0);
  const auto dir = gcnsim::test::scratchDir("cli_test");
  const auto job = dir / "job.json";
  std::ofstream(job) << R"({"kernel": {"file": ")" << kExamples
                     << R"(vector_add/vector_add.gfx900.hsaco"}, "grid": [4], "workgroup": [4],
      "buffers": {"a": {"type": "f3", "count": 4}}})";
  const Run r = runCli("check " + job.string());
  CHECK(r.status == 2);
  CHECK(
      r.out ==
      "gcnsim: " + job.string() +
          ": buffers.a.type: unknown type \"f3\" (expected one of u8, i8, u16, i16, u32, i32, u64, i64, f16, "
          "f32, f64)\n");
  const Run missing = runCli("check " + (dir / "absent.json").string());
  CHECK(missing.status == 2);
  CHECK_THAT(missing.out, Catch::Contains("absent.json: cannot open: No such file or directory"));
  const Run notElf = runCli("info " + job.string());
  CHECK(notElf.status == 2);
  CHECK_THAT(notElf.out, Catch::Contains("not an ELF file"));
}

TEST_CASE("cli: a kernel that faults exits with status 1 naming wave, PC, instruction and address", "[cli]") {
  for (const char* mode : {"functional", "timing"}) {
    const Run r = runCli("run " + std::string(GCNSIM_TEST_DATA) +
                         "/frontend/data/fault_smem.gfx900.json --mode " + mode);
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("wave 0") && Catch::Contains("pc 0x") &&
                          Catch::Contains("s_load_dword s2, s[0:1], 0x0") && Catch::Contains("address 0x10"));
  }
}

TEST_CASE("cli: a kernel that never ends hits the watchdog: exit status 3 naming wave and PC", "[cli]") {
  for (const char* limit : {"--mode timing --max-cycles 5000", "--mode timing --max-instructions 3000",
                            "--mode functional --max-instructions 3000"}) {
    const Run r = runCli("run " + std::string(GCNSIM_TEST_DATA) + "/frontend/data/spin.gfx900.json " + limit);
    INFO(limit << "\n" << r.out);
    CHECK(r.status == 3);
    CHECK_THAT(r.out,
               Catch::Contains("wave 0") && Catch::Contains("pc 0x") && Catch::Contains("limit reached"));
  }
}

TEST_CASE("cli: --threads takes 1 to 1024, anything else is one line and exit status 2", "[cli][threads]") {
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  for (const char* bad : {"0", "abc", "-1", "2x", "1025", "99999999999"}) {
    const Run r = runCli("run " + job + " --mode functional '--threads=" + std::string(bad) + "'");
    INFO(bad << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out ==
          "gcnsim: --threads: \"" + std::string(bad) + "\" is not a thread count (expected 1 to 1024)\n");
  }
  for (const char* mode : {"functional", "timing"}) {
    const Run r = runCli("run " + job + " --threads 2 --mode " + mode + " -v");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains(std::string(mode) + " mode on 2 threads"));
  }
  const Run help = runCli("run --help");
  CHECK_THAT(help.out, Catch::Contains("--threads") && Catch::Contains("CU groups (timing)") &&
                           Catch::Contains("results are the same for any"));
}
