// Issue 16: nothing a user can hand gcnsim crashes it, hangs it or eats the
// machine. Every reproducer of the fuzzing campaign (data/fuzz-repro/, copied
// from ../shared/fuzz-repro with paths made relative) and every case the issue
// names runs through the gcnsim executable: exit status 2 (bad input), exactly
// one line on stderr that names the file and the field, within a few seconds
// and bounded memory.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/common/gcnsim_process.hpp"
#include "tests/common/test_files.hpp"

namespace fs = std::filesystem;

namespace {

struct Run {
  int status = -1;
  std::string err;  // stderr (stdout is discarded)
  double seconds = 0, cpuSeconds = 0;
};

Run runCli(const std::string& args) {
  const auto r = ::gcnsim::test::runGcnsim(args, ::gcnsim::test::Streams::StderrOnly, 60);
  return {r.status, r.err, r.seconds, r.cpuSeconds};
}

const std::string kRepro = std::string(GCNSIM_TEST_DATA) + "/frontend/data/fuzz-repro/";
const std::string kExamples = std::string(GCNSIM_SOURCE_DIR) + "/examples/";

// Largest resident set of any child so far, in MiB.
long childMaxRssMiB() {
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  return ru.ru_maxrss / 1024;
}

// Exit status 2, one line "gcnsim: ..." containing every `parts`, quickly.
void expectBadInput(const std::string& args, std::initializer_list<std::string> parts) {
  const Run r = runCli(args);
  INFO("gcnsim " << args << "\n" << r.err);
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::StartsWith("gcnsim: "));
  CHECK_THAT(r.err, !Catch::Contains("internal error"));
  REQUIRE(!r.err.empty());
  CHECK(r.err.find('\n') == r.err.size() - 1);  // exactly one line
  for (const std::string& p : parts) CHECK_THAT(r.err, Catch::Contains(p));
  // Quickly: no work the input should have stopped (CPU time: wall time stretched past 5 s when the
  // sanitizer suite ran beside a build).
  CHECK(r.cpuSeconds < 5.0);
  CHECK(childMaxRssMiB() < 1024);
}

fs::path tempDir() { return gcnsim::test::scratchDir("robust"); }

// A job running the vector_add example with `buffers` and `kernel` replaced.
std::string vectorAddJob(const std::string& kernelFile, const std::string& bufferA) {
  return R"({"kernel": {"file": ")" + kernelFile +
         R"(", "name": "vector_add"}, "grid": [1024], "workgroup": [64],
    "buffers": {"a": )" +
         bufferA + R"(, "b": {"type": "f32", "count": 1000}, "c": {"type": "f32", "count": 1024}},
    "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 1000, "type": "u32"}]})";
}

fs::path writeJob(const std::string& name, const std::string& text) {
  const fs::path p = tempDir() / name;
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST_CASE("fuzz-repro: deep nesting is refused, not a stack overflow", "[frontend][robust]") {
  for (const char* cmd : {"check ", "run "})
    expectBadInput(
        cmd + kRepro + "c3_deep_nesting_segv.json",
        {"c3_deep_nesting_segv.json: invalid JSON: nested deeper than 64 arrays and objects at line 1"});
  // The same in a GPU config.
  std::string deep(100000, '[');
  const fs::path cfg = writeJob("deep_config.json", "{\"gpu\": " + deep);
  expectBadInput("run " + kExamples + "vector_add/vector_add.gfx900.json --config " + cfg.string(),
                 {"deep_config.json: invalid JSON: nested deeper than 64"});
}

TEST_CASE("fuzz-repro: /dev/zero, directories, FIFOs and huge files are refused without reading them",
          "[frontend][robust]") {
  expectBadInput(
      "check " + kRepro + "c3_kernel_file_dev_zero_unbounded_read.json",
      {"c3_kernel_file_dev_zero_unbounded_read.json: kernel.file: /dev/zero: is a character device, "
       "not a regular file"});
  expectBadInput(
      "run " + kRepro + "c3_buffer_file_dev_zero_unbounded_read.json",
      {"c3_buffer_file_dev_zero_unbounded_read.json: buffers.a.file: /dev/zero: is a character device"});
  expectBadInput("check " + kRepro + "c3_kernel_file_is_directory.json",
                 {"c3_kernel_file_is_directory.json: kernel.file: /tmp: is a directory, not a regular file"});
  expectBadInput("run " + kRepro + "c3_buffer_file_is_directory.json",
                 {"c3_buffer_file_is_directory.json: buffers.a.file: /tmp: is a directory"});
  for (const char* cmd : {"info ", "disasm --arch gfx900 "}) {
    expectBadInput(cmd + std::string("/dev/zero"), {"/dev/zero: is a character device"});
    expectBadInput(cmd + std::string("/tmp"), {"/tmp: is a directory"});
  }
  expectBadInput("check /dev/zero", {"/dev/zero: is a character device"});

  // A FIFO nobody writes to: refused at once, never opened (opening would block).
  const fs::path fifo = tempDir() / "fifo";
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  expectBadInput("info " + fifo.string(), {"fifo: is a FIFO, not a regular file"});
  expectBadInput("disasm --arch gfx900 " + fifo.string(), {"fifo: is a FIFO"});
  expectBadInput("check " + fifo.string(), {"fifo: is a FIFO"});
  expectBadInput(
      "check " + writeJob("fifo_kernel.json", vectorAddJob(fifo.string(), R"({"type": "f32", "count": 4})"))
                     .string(),
      {"fifo_kernel.json: kernel.file: ", "fifo: is a FIFO"});
  expectBadInput("check " + writeJob("fifo_buffer.json",
                                     vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco",
                                                  R"({"type": "f32", "file": ")" + fifo.string() + R"("})"))
                                .string(),
                 {"fifo_buffer.json: buffers.a.file: ", "fifo: is a FIFO"});

  // A 5 GiB file (sparse: nothing is written) is over the 1 GiB default limit.
  const fs::path big = tempDir() / "big.bin";
  {
    std::ofstream(big).close();
    fs::resize_file(big, uint64_t{5} << 30);
  }
  expectBadInput("info " + big.string(),
                 {"big.bin: 5368709120 bytes exceed the input file limit of 1073741824 bytes "
                  "(--max-file-bytes)"});
  expectBadInput("disasm --arch gfx900 " + big.string(), {"big.bin: 5368709120 bytes exceed"});
  expectBadInput(
      "check " +
          writeJob("big_kernel.json", vectorAddJob(big.string(), R"({"type": "f32", "count": 4})")).string(),
      {"big_kernel.json: kernel.file: ", "big.bin: 5368709120 bytes exceed the input file limit"});
  expectBadInput(
      "check " +
          writeJob("big_buffer.json", vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco",
                                                   R"({"type": "f32", "file": ")" + big.string() + R"("})"))
              .string(),
      {"big_buffer.json: buffers.a.file: ", "big.bin: 5368709120 bytes exceed the input file limit"});
  // The limit is a flag; a smaller one refuses the example's code object.
  expectBadInput("info --max-file-bytes 1000 " + kExamples + "vector_add/vector_add.gfx900.hsaco",
                 {"vector_add.gfx900.hsaco: ", "exceed the input file limit of 1000 bytes"});
  expectBadInput("info --max-file-bytes 0 " + kExamples + "vector_add/vector_add.gfx900.hsaco",
                 {"--max-file-bytes: 0 is out of range (1 to 4294967296)"});
  fs::remove(big);
  fs::remove(fifo);
}

TEST_CASE("fuzz-repro: I/O errors and numbers out of range are bad input, not internal errors",
          "[frontend][robust]") {
  // /proc/self/mem is a regular file whose first page cannot be read (EIO).
  expectBadInput(
      "check " + writeJob("proc_mem.json", vectorAddJob("/proc/self/mem", R"({"type": "f32", "count": 4})"))
                     .string(),
      {"proc_mem.json: kernel.file: /proc/self/mem: read error: Input/output error"});
  expectBadInput("info /proc/self/mem", {"/proc/self/mem: read error: Input/output error"});
  expectBadInput("check " + kRepro + "c3_number_overflow_1e400.json",
                 {"c3_number_overflow_1e400.json: invalid JSON: number overflow parsing '1e400'"});
  expectBadInput("check " + writeJob("minus_1e400.json", R"({"grid": [-1e400]})").string(),
                 {"minus_1e400.json: invalid JSON: number overflow parsing '-1e400'"});
  // A GPU config number out of range, and one the simulator could not allocate for.
  expectBadInput("run " + kExamples + "vector_add/vector_add.gfx900.json --config " +
                     writeJob("cus.json", R"({"arch": "gfx900", "gpu": {"cus": 1e400}})").string(),
                 {"cus.json: invalid JSON: number overflow"});
  expectBadInput("run " + kExamples + "vector_add/vector_add.gfx900.json --config " +
                     writeJob("cus_many.json", R"({"arch": "gfx900", "gpu": {"cus": 4000000000}})").string(),
                 {"cus_many.json: gpu.cus: 4000000000 is out of range (1 to 256)"});
}

TEST_CASE("fuzz-repro: code-object fields are validated before anything is mapped", "[frontend][robust]") {
  for (const char* cmd : {"check ", "run "})
    expectBadInput(cmd + kRepro + "c2_phdr_vaddr_2p63.json",
                   {"c2_phdr_vaddr_2p63.json: kernel.file: ",
                    "c2_phdr_vaddr_2p63.hsaco: program header 2: p_vaddr "
                    "0x8000000000000000"});
  expectBadInput("info " + kRepro + "c2_phdr_vaddr_2p63.hsaco",
                 {"c2_phdr_vaddr_2p63.hsaco: program header 2: p_vaddr 0x8000000000000000"});
  for (const char* cmd : {"check ", "run "})
    expectBadInput(cmd + kRepro + "c2_kd_private_segment_huge.json",
                   {"c2_kd_private_segment_huge.json: kernel.file: ",
                    "kernel vector_add: descriptor private_segment_fixed_size ",
                    "bytes per work-item exceeds the hardware limit of 131056"});
  expectBadInput("disasm " + kRepro + "c2_kd_private_segment_huge.hsaco", {"private_segment_fixed_size"});
}

TEST_CASE("fuzz-repro: what used to exit 0 is refused", "[frontend][robust]") {
  const fs::path empty = tempDir() / "empty.bin";
  std::ofstream(empty).close();
  expectBadInput("disasm --arch gfx900 " + empty.string(), {"empty.bin: empty file; nothing to disassemble"});
  expectBadInput("disasm " + empty.string(), {"empty.bin: empty file"});
  expectBadInput(
      "check " + writeJob("dev_null.json", vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco",
                                                        R"({"type": "f32", "file": "/dev/null"})"))
                     .string(),
      {"dev_null.json: buffers.a.file: /dev/null: is a character device"});
  expectBadInput("check " + writeJob("empty_file.json",
                                     vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco",
                                                  R"({"type": "f32", "file": ")" + empty.string() + R"("})"))
                                .string(),
                 {"empty_file.json: buffers.a.file: ", "empty.bin is empty; give \"count\""});

  // Raw code with 65,537 "local" blocks of 64 KiB: 4 GiB of LDS used to wrap to 64 KiB; now the
  // second block is refused.
  std::string args;
  for (int i = 0; i < 65537; ++i) args += std::string(i ? "," : "") + R"({"local": 65536})";
  const std::string dataDir = std::string(GCNSIM_TEST_DATA) + "/frontend/data/";
  const fs::path job = writeJob("locals.json", R"({"kernel": {"file": ")" + dataDir +
                                                   R"(spin.gfx900.bin", "format": "raw", "arch": "gfx900",
        "setup": {"s[0:1]": "kernarg_segment_ptr"}}, "grid": [64], "workgroup": [64], "args": [)" +
                                                   args + "]}");
  for (const char* cmd : {"check ", "run "})
    expectBadInput(
        cmd + job.string(),
        {"locals.json: args[1].local: kernel.lds_bytes (0) plus 131072 bytes of \"local\" arguments exceed "
         "65536 bytes per work-group"});
}

TEST_CASE("fuzz-repro: work-group counts are computed in 64 bits", "[frontend][robust]") {
  for (const char* cmd : {"check ", "run "}) {
    expectBadInput(
        cmd + kRepro + "c4_grid_ceil_overflow_zero_workgroups.json",
        {"c4_grid_ceil_overflow_zero_workgroups.json: grid[0]: 4294967295 work-items with work-groups "
         "of 64 exceed the limit of 4294967232"});
    expectBadInput(
        cmd + kRepro + "c4_grid_workgroup_count_wraps.json",
        {"c4_grid_workgroup_count_wraps.json: grid: 65537 x 65537 x 1 work-groups exceed the limit of "
         "1048576 (--max-workgroups)"});
  }
  // Within 2^32 - 1 work-groups the limit is a flag, and above it not even the flag helps.
  const std::string job = kRepro + "c4_grid_workgroup_count_wraps.json";
  expectBadInput("check --max-workgroups 4294967295 " + job,
                 {"65537 x 65537 x 1 work-groups exceed the limit of "
                  "4294967295"});
  expectBadInput("check --max-workgroups 4294967296 " + job,
                 {"--max-workgroups: 4294967296 is out of range (1 to 4294967295)"});
  const fs::path big =
      writeJob("grid_ok.json", R"({"kernel": {"file": ")" + kExamples +
                                   R"(vector_add/vector_add.gfx900.hsaco"}, "grid": [67108928],
    "workgroup": [64], "buffers": {"a": {"type": "f32", "count": 1}, "b": {"type": "f32", "count": 1},
    "c": {"type": "f32", "count": 1}},
    "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 1, "type": "u32"}]})");
  expectBadInput("check " + big.string(), {"grid: 1048577 x 1 x 1 work-groups exceed the limit of 1048576"});
  CHECK(runCli("check --max-workgroups 1048577 " + big.string()).status == 0);
}

TEST_CASE("fuzz-repro: user text in messages is escaped, so every message is one line",
          "[frontend][robust]") {
  expectBadInput("check " + kRepro + "c3_string_with_newline_gives_two_line_error.json",
                 {"c3_string_with_newline_gives_two_line_error.json: kernel.name: no kernel "
                  "\"a\\x1b[31mRED\\nsecond line\""});
  expectBadInput("check " + kRepro + "c3_string_with_nul_truncates_error.json",
                 {"c3_string_with_nul_truncates_error.json: kernel.name: no kernel \"a\\0b\\x1b[31mRED\" in "
                  "vector_add.gfx900.hsaco (kernels: vector_add)"});
  // File names and command-line arguments too.
  expectBadInput("check 'line1\nline2.json'", {"line1\\nline2.json: cannot open: No such file or directory"});
  expectBadInput("'bad\ncommand'", {"unknown command \"bad\\ncommand\""});
}

TEST_CASE("fuzz-repro: buffers that do not fit are refused before any is filled", "[frontend][robust]") {
  // 2,000 buffers of 600,000 bytes each (1.2 GB): the 1,790th crosses 1 GiB.
  std::string buffers;
  for (int i = 0; i < 2000; ++i)
    buffers += std::string(i ? "," : "") + "\"b" + std::to_string(i) +
               R"(": {"type": "u8", "count": 600000, "random": {"seed": 1}})";
  const fs::path job =
      writeJob("many_buffers.json", R"({"kernel": {"file": ")" + kExamples +
                                        R"(vector_add/vector_add.gfx900.hsaco"}, "grid": [64],
    "workgroup": [64], "buffers": {)" + buffers +
                                        "}}");
  expectBadInput(
      "check " + job.string(),
      {"many_buffers.json: buffers.b1789: 600000 bytes exceed the buffer memory limit of 1073741824 "
       "bytes (1073400000 already used by earlier buffers) (--max-buffer-bytes)"});
}

TEST_CASE("robust: scratch backing memory is computed in 64 bits against --max-scratch-bytes",
          "[frontend][robust]") {
  // The vector_add example with the descriptor's private_segment_fixed_size
  // (descriptor at file offset 0x740, field at +4) set to the hardware maximum.
  std::string bytes = gcnsim::test::readText(kExamples + "vector_add/vector_add.gfx900.hsaco");
  REQUIRE(bytes.size() > 0x748);
  const uint32_t perLane = 131056;
  std::memcpy(bytes.data() + 0x744, &perLane, 4);
  const fs::path co = tempDir() / "scratch.hsaco";
  std::ofstream(co, std::ios::binary) << bytes;
  const fs::path job =
      writeJob("scratch.json", vectorAddJob(co.string(), R"({"type": "f32", "count": 1000})"));
  // Timing mode on vega10: 64 CUs x 4 SIMDs x 10 wave slots = 2,560 waves.
  expectBadInput(
      "run " + job.string(),
      {"scratch.json: kernel vector_add needs 21472215040 bytes of scratch (131056 per work-item x 64 "
       "lanes x 2560 resident waves), more than the limit of 1073741824 (--max-scratch-bytes)"});
  // Functional mode holds one work-group: 8 MiB.
  CHECK(runCli("run --mode functional " + job.string()).status == 0);
  expectBadInput("run --mode functional --max-scratch-bytes 1000000 " + job.string(),
                 {"needs 8387584 bytes of scratch", "more than the limit of 1000000"});
  // One past the hardware limit is refused when the code object is loaded.
  const uint32_t over = perLane + 4;
  std::memcpy(bytes.data() + 0x744, &over, 4);
  std::ofstream(co, std::ios::binary) << bytes;
  expectBadInput("info " + co.string(),
                 {"scratch.hsaco: kernel vector_add: descriptor private_segment_fixed_size "
                  "131060 bytes per work-item exceeds the hardware limit of 131056"});
}

TEST_CASE("robust: bad run options are one-line errors", "[frontend][robust]") {
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  expectBadInput("run " + job + " --log-level bogus", {"--log-level: \"bogus\" is not a level"});
  expectBadInput("run " + job + " --max-scratch-bytes 3221225473",
                 {"--max-scratch-bytes: 3221225473 is out of range (256 to 3221225472)"});
  expectBadInput("run " + job + " --max-buffer-bytes 100",
                 {"buffers.a: 1000 elements of f32 (4000 bytes) exceed the "
                  "buffer memory limit of 100 bytes"});
  expectBadInput("run " + job + " --result /tmp", {"--result /tmp: is a directory (expected a file name)"});
  expectBadInput("run " + job + " --config /dev/zero", {"/dev/zero: is a character device"});
  // A kernel the configured GPU cannot hold is bad input, not a kernel fault (exit 1 names a wave and PC).
  expectBadInput("run " + job + " --set cu.vgprs_per_simd=1",
                 {"config vega10: timing model: a wave needs", "more than cu.vgprs_per_simd (1)"});
  expectBadInput("run " + job + " --set cu.sgprs_per_simd=8",
                 {"config vega10: timing model: workgroup 0 (1 waves", "does not fit an empty CU"});
  // Options of timing mode in functional mode (--max-cycles had been accepted and ignored).
  expectBadInput("run " + job + " --mode functional --max-cycles 100", {"--max-cycles: needs --mode timing"});
  expectBadInput("run " + job + " --mode functional --trace /dev/null", {"--trace: needs --mode timing"});
  expectBadInput("run " + job + " --mode functional --report stalls",
                 {"--report stalls: needs --mode timing"});
  expectBadInput("run " + job + " --mode fast",
                 {"--mode: \"fast\" is not a mode (expected timing or functional)"});
  // An empty trace filter is a mistake (it had meant "every wave / CU", silently, even without --trace).
  expectBadInput("run " + job + " --trace-waves ''",
                 {"--trace-waves: empty list (expected a list like 0,3,8-11)"});
  expectBadInput("run " + job + " --trace /dev/null --trace-cu ''", {"--trace-cu: \"\" is not a CU number"});
  expectBadInput("run " + job + " --trace /dev/null --trace-cycles ''",
                 {"--trace-cycles: \"\" is not a cycle range"});
  // Too many files: each command says how many it takes (diff had said "one file" too).
  expectBadInput("diff " + job + " " + job + " " + job,
                 {"diff: too many arguments: it takes two files; options start with --"});
  expectBadInput("run " + job + " " + job,
                 {"run: too many arguments: it takes one file; options start with --"});
}

TEST_CASE("robust: output that cannot be written is an error, not a success", "[frontend][robust]") {
  // /dev/full refuses every write (ENOSPC), as a full disk does: each command that writes to stdout must
  // say so and exit non-zero instead of leaving a truncated result with status 0.
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  const std::string code = kExamples + "vector_add/vector_add.gfx900.hsaco";
  for (const std::string& args : {"run " + job + " -q --mode functional --result -", "run " + job + " -q",
                                  "run " + job + " -q --trace -", "disasm " + code, "info " + code,
                                  "check " + job, std::string("--version")}) {
    const auto r = ::gcnsim::test::runGcnsim(args + " >/dev/full");
    INFO("gcnsim " << args << " >/dev/full\n" << r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::EndsWith("gcnsim: stdout: write error, the output is incomplete\n"));
    // One error line: --trace - had said "-: cannot write the trace file" first. (Other lines: the summary,
    // on stderr when stdout holds the result or the trace.)
    size_t errorLines = r.err.starts_with("gcnsim: ") ? 1 : 0;
    for (size_t at = r.err.find("\ngcnsim: "); at != std::string::npos; at = r.err.find("\ngcnsim: ", at + 1))
      ++errorLines;
    CHECK(errorLines == 1);
    // The same command with stdout writable succeeds: the failure is the write's.
    CHECK(::gcnsim::test::runGcnsim(args + " >/dev/null").status == 0);
  }
}

TEST_CASE("robust: a job's steps are counted against --max-steps before anything runs",
          "[frontend][robust]") {
  // examples/device/iterate.gfx900.json runs at most 10 (a repeat of one dispatch, count 10) + 100 * 3 (an
  // until repeat, max 100, of a set and two dispatches) + 2 * 2 (a repeat of two dispatches, count 2) = 314
  // steps.
  const std::string iterate = kExamples + "device/iterate.gfx900.json";
  expectBadInput("check " + iterate + " --max-steps 313",
                 {"iterate.gfx900.json: steps: 314 steps to run", "exceed the limit of 313 (--max-steps)"});
  CHECK(runCli("check " + iterate + " --max-steps 314").status == 0);
  // A repeat count with three zeros too many, nested repeats, and a repeat of host actions only: refused at
  // once (they would have run for hours).
  const std::string kernel = kExamples + "device/iterate.gfx900.hsaco";
  const auto job = [&](const std::string& name, const std::string& steps) {
    return writeJob(name, R"({"kernels": {"add": {"file": ")" + kernel + R"(", "name": "add_step"}},
      "buffers": {"a": {"type": "i32", "count": 256}},
      "steps": [)" + steps + "]}")
        .string();
  };
  const std::string add = R"({"dispatch": "add", "grid": [256], "workgroup": [64],
      "args": [{"buffer": "a"}, {"value": 1, "type": "i32"}, {"value": 256, "type": "u32"}]})";
  expectBadInput(
      "run " + job("count.json", R"({"repeat": {"count": 1000000000000, "steps": [)" + add + "]}}"),
      {"count.json: steps: 1000000000000 steps to run"});
  expectBadInput("run " + job("nested.json",
                              R"({"repeat": {"count": 4294967296, "steps": [{"repeat": {"count": 4294967296,
        "steps": [)" + add + "," + add +
                                  "]}}]}}"),
                 {"nested.json: steps: 2^64 or more steps to run"});
  expectBadInput("run " + job("host.json", add + R"(, {"repeat": {"count": 2000000, "steps": [
        {"fill": {"buffer": "a", "value": 0}}]}})"),
                 {"host.json: steps: 2000001 steps to run"});
  expectBadInput("check " + iterate + " --max-steps 0", {"--max-steps: 0 is out of range (1 to 4294967295)"});
}

TEST_CASE("robust: an output that is an input or another output is refused before the run",
          "[frontend][robust]") {
  // `--result job.json` used to replace the job with its result, and `--trace x --result x` to lose the
  // trace.
  const fs::path dir = tempDir() / "outputs_apart";
  fs::create_directories(dir);
  const fs::path job = dir / "va.json";
  std::ofstream(job) << vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco",
                                     R"({"type": "f32", "count": 1000})");
  const std::string jobText = gcnsim::test::readText(job);
  const std::string run = "run " + job.string() + " -q --mode functional ";
  expectBadInput(
      run + "--result " + job.string(),
      {"--result " + job.string() + ": the same file as the job file", "would overwrite that input"});
  CHECK(gcnsim::test::readText(job) == jobText);
  fs::remove(dir / "link.json");
  fs::create_symlink(job, dir / "link.json");
  expectBadInput(run + "--result " + (dir / "link.json").string(), {"the same file as the job file"});
  expectBadInput("run " + job.string() + " -q --trace " + kExamples + "vector_add/vector_add.gfx900.hsaco",
                 {"the same file as kernel.file"});
  const fs::path config = dir / "my.json";
  std::ofstream(config) << R"({"arch": "gfx900", "gpu": {"cus": 4}})";
  expectBadInput("run " + job.string() + " -q --config " + config.string() + " --trace " + config.string(),
                 {"the same file as --config"});
  // Two outputs, the second spelled differently and not yet there.
  fs::remove(dir / "out.json");
  expectBadInput("run " + job.string() + " -q --result " + (dir / "out.json").string() + " --trace " +
                     (dir / "." / "out.json").string(),
                 {"--trace", ": the same file as --result", "would replace that output"});
  // Devices are not files: both outputs may be discarded.
  CHECK(runCli("run " + job.string() + " -q --result /dev/null --trace /dev/null").status == 0);
}

TEST_CASE("robust: --out's NAME.bin files are checked against the inputs and the other outputs",
          "[frontend][robust]") {
  // `--out DIR` replaced a buffer's own input file, the kernel, the job itself, or the --result document
  // with a buffer's bytes, and exited 0.
  const fs::path dir = tempDir() / "out_clash";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string vectorAdd = kExamples + "vector_add/vector_add.gfx900.hsaco";
  const std::vector<char> floats(4096, 0);
  std::ofstream(dir / "c.bin", std::ios::binary).write(floats.data(), 4096);
  const std::string before = gcnsim::test::readText(dir / "c.bin");
  const fs::path job = dir / "job.json";
  std::ofstream(job) << vectorAddJob(vectorAdd, R"({"type": "f32", "count": 1000})");
  const fs::path fileJob = dir / "file_job.json";
  std::string text = vectorAddJob(vectorAdd, R"({"type": "f32", "count": 1000})");
  const std::string c = R"("c": {"type": "f32", "count": 1024})";
  text.replace(text.find(c), c.size(), R"("c": {"type": "f32", "file": "c.bin"})");
  std::ofstream(fileJob) << text;
  expectBadInput("run -q --mode functional " + fileJob.string() + " --out " + dir.string(),
                 {"--out " + (dir / "c.bin").string() + ": the same file as buffers.c.file",
                  "would overwrite that input"});
  CHECK(gcnsim::test::readText(dir / "c.bin") == before);
  // The kernel file, and the job file itself.
  fs::copy_file(vectorAdd, dir / "a.bin", fs::copy_options::overwrite_existing);
  std::ofstream(dir / "kernel_job.json")
      << vectorAddJob((dir / "a.bin").string(), R"({"type": "f32", "count": 4})");
  expectBadInput("run -q --mode functional " + (dir / "kernel_job.json").string() + " --out " + dir.string(),
                 {"--out " + (dir / "a.bin").string() + ": the same file as kernel.file"});
  fs::copy_file(job, dir / "b.bin", fs::copy_options::overwrite_existing);
  expectBadInput("run -q --mode functional " + (dir / "b.bin").string() + " --out " + dir.string(),
                 {"--out " + (dir / "b.bin").string() + ": the same file as the job file"});
  // --result and --trace in DIR under a buffer's name.
  const fs::path od = dir / "od";
  fs::create_directories(od);
  expectBadInput("run -q " + job.string() + " --out " + od.string() + " --result " + (od / "c.bin").string(),
                 {"--out " + (od / "c.bin").string() + ": the same file as --result", "replace that output"});
  expectBadInput("run -q " + job.string() + " --out " + od.string() + " --trace " + (od / "a.bin").string(),
                 {"--out " + (od / "a.bin").string() + ": the same file as --trace"});
  CHECK(runCli("run -q --mode functional " + job.string() + " --out " + od.string()).status == 0);
  CHECK(fs::file_size(od / "c.bin") == 4096);
}

TEST_CASE("robust: empty output paths are errors", "[frontend][robust]") {
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  expectBadInput("run -q " + job + " --result ''", {"--result: empty file name"});
  expectBadInput("run -q " + job + " --trace ''", {"--trace: empty file name"});
  expectBadInput("run -q " + job + " --out ''", {"--out: empty directory name"});
}

namespace {

template <typename T>
T get(const std::vector<uint8_t>& b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof v);
  return v;
}
template <typename T>
void put(std::vector<uint8_t>& b, size_t off, T v) {
  std::memcpy(b.data() + off, &v, sizeof v);
}
size_t appendBytes(std::vector<uint8_t>& b, const std::vector<uint8_t>& data) {
  b.resize((b.size() + 7) & ~size_t{7});
  const size_t at = b.size();
  b.insert(b.end(), data.begin(), data.end());
  return at;
}
std::vector<uint8_t> sectionHeader(uint32_t name, uint32_t type, uint64_t offset, uint64_t size,
                                   uint32_t link = 0, uint64_t entsize = 0) {
  std::vector<uint8_t> h(64);
  put(h, 0, name);
  put(h, 4, type);
  put(h, 24, offset);
  put(h, 32, size);
  put(h, 40, link);
  put(h, 56, entsize);
  return h;
}
// A copy of the code object with `extra` section headers after its own (a new table at the end).
void appendSections(std::vector<uint8_t>& b, const std::vector<std::vector<uint8_t>>& extra) {
  const uint64_t shoff = get<uint64_t>(b, 40);
  const uint16_t shnum = get<uint16_t>(b, 60);
  std::vector<uint8_t> table(b.begin() + static_cast<long>(shoff),
                             b.begin() + static_cast<long>(shoff + 64 * shnum));
  for (const auto& h : extra) table.insert(table.end(), h.begin(), h.end());
  put<uint64_t>(b, 40, appendBytes(b, table));
  put<uint16_t>(b, 60, static_cast<uint16_t>(shnum + extra.size()));
}

}  // namespace

TEST_CASE("robust: ELF entries that share one region cannot make a small file cost gigabytes",
          "[frontend][robust]") {
  // Every name was copied in full and every PT_LOAD's bytes: 20,000 section headers naming one 64 KiB
  // string took 1.3 GB, 1,000 PT_LOADs each covering a 2 MB file 2 GB. Now the names of a table and the
  // segments' file data add up to at most the file's size.
  const std::vector<uint8_t> real = gcnsim::test::readBytes(kExamples + "vector_add/vector_add.gfx900.hsaco");
  const uint16_t shnum = get<uint16_t>(real, 60);
  std::vector<uint8_t> longName(65536, 'A');
  longName.push_back(0);
  const fs::path dir = tempDir();
  const auto write = [&](const char* name, const std::vector<uint8_t>& b) {
    const fs::path p = dir / name;
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<long>(b.size()));
    return p.string();
  };
  {
    std::vector<uint8_t> b = real;
    const size_t strtab = appendBytes(b, longName);
    std::vector<std::vector<uint8_t>> extra{sectionHeader(0, 3, strtab, longName.size())};
    for (int i = 0; i < 20000; ++i) extra.push_back(sectionHeader(0, 1, 0, 0));
    appendSections(b, extra);
    put<uint16_t>(b, 62, shnum);  // e_shstrndx: the long string table
    expectBadInput("info " + write("shname_bomb.hsaco", b),
                   {"shname_bomb.hsaco: section name at ",
                    "the section names of the table add up to more than the "
                    "file's"});
  }
  {
    std::vector<uint8_t> b = real;
    const size_t strtab = appendBytes(b, longName);
    std::vector<uint8_t> symbols(24 * 20000, 0);
    const size_t symtab = appendBytes(b, symbols);
    appendSections(b, {sectionHeader(0, 3, strtab, longName.size()),
                       sectionHeader(0, 2, symtab, symbols.size(), shnum, 24)});
    const std::string file = write("sym_bomb.hsaco", b);
    expectBadInput("info " + file,
                   {"sym_bomb.hsaco: symbol name at 0x0: the symbol names of the table add up "
                    "to more than the file's"});
  }
  {
    std::vector<uint8_t> b = real;
    const uint64_t phoff = get<uint64_t>(b, 32);
    const uint16_t phnum = get<uint16_t>(b, 56);
    std::vector<uint8_t> table(b.begin() + static_cast<long>(phoff),
                               b.begin() + static_cast<long>(phoff + 56 * phnum));
    const size_t at = (b.size() + 7) & ~size_t{7};
    const uint64_t fileSize = at + 56 * (phnum + 1000);
    for (int i = 0; i < 1000; ++i) {
      std::vector<uint8_t> p(56);
      put<uint32_t>(p, 0, 1);  // PT_LOAD
      put<uint32_t>(p, 4, 4);
      put<uint64_t>(p, 32, fileSize);  // p_filesz: the whole file
      put<uint64_t>(p, 40, fileSize);
      table.insert(table.end(), p.begin(), p.end());
    }
    put<uint64_t>(b, 32, appendBytes(b, table));
    put<uint16_t>(b, 56, static_cast<uint16_t>(phnum + 1000));
    REQUIRE(b.size() == fileSize);
    expectBadInput("info " + write("ph_bomb.hsaco", b),
                   {"ph_bomb.hsaco: program header ",
                    "the PT_LOAD segments' file data adds up to more than the file's"});
  }
  {
    std::vector<uint8_t> b = real;
    std::vector<std::vector<uint8_t>> notes;
    for (unsigned i = 0; i < shnum; ++i)
      if (get<uint32_t>(b, get<uint64_t>(b, 40) + 64 * i + 4) == 7) {
        const size_t h = get<uint64_t>(b, 40) + 64 * i;
        for (int k = 0; k < 1000; ++k)
          notes.emplace_back(b.begin() + static_cast<long>(h), b.begin() + static_cast<long>(h + 64));
      }
    REQUIRE(!notes.empty());
    appendSections(b, notes);
    expectBadInput("info " + write("note_bomb.hsaco", b),
                   {"note_bomb.hsaco: note sections add up to more than the file's"});
  }
}

TEST_CASE("robust: the work-group size is computed in 128 bits", "[frontend][robust]") {
  // [536903681, 536838145, 64] is 2^64 + 64 work-items, which had wrapped to 64 and run.
  const std::string vectorAdd = kExamples + "vector_add/vector_add.gfx900.hsaco";
  for (const auto& [wg, total] : {std::pair{"536903681, 536838145, 64", "18446744073709551680"},
                                  std::pair{"4194304, 2097152, 2097152", "18446744073709551616"}}) {
    std::string text = vectorAddJob(vectorAdd, R"({"type": "f32", "count": 1000})");
    text.replace(text.find("[64]"), 4, std::string("[") + wg + "]");
    const fs::path job = writeJob("wg_wrap.json", text);
    for (const char* cmd : {"check ", "run -q "})
      expectBadInput(cmd + job.string(), {std::string("wg_wrap.json: workgroup: ") + total +
                                          " work-items per work-group exceed the limit of 1024"});
  }
}

TEST_CASE("robust: --set on a config section that is not an object, LGKM amounts of 16",
          "[frontend][robust]") {
  const std::string job = kExamples + "vector_add/vector_add.gfx900.json";
  const fs::path cfg = writeJob("cfg_gpu5.json", R"({"name": "x", "arch": "gfx900", "gpu": 5})");
  expectBadInput("run -q " + job + " --config " + cfg.string() + " --set gpu.cus=4",
                 {cfg.string() + ": gpu: expected an object (for --set gpu.cus)"});
  const fs::path cfg2 = writeJob("cfg_issue_str.json", R"({"name": "x", "arch": "gfx900", "issue": "fast"})");
  expectBadInput("run -q " + job + " --config " + cfg2.string() + " --set issue.arbitration=oldest_first",
                 {"issue: expected an object (for --set issue.arbitration)"});
  // LGKM_CNT has 4 bits: an SMEM fetch counting 16 never issued, and every s_load "faulted" (deadlock).
  for (const char* field : {"issue.smem_lgkm_single", "issue.smem_lgkm_multi"})
    expectBadInput("run -q " + job + " --set " + field + "=16", {"16 is out of range (1 to 15)"});
  CHECK(runCli("run -q " + job + " --set issue.smem_lgkm_single=15").status == 0);
}

TEST_CASE("robust: a job with 100,000 buffers loads", "[frontend][robust]") {
  // The JSON parser's ordered objects searched every earlier key on each insert, and the buffers were
  // found by a linear search: 100,000 buffers took 89 s, now about a second. (No time is asserted: a
  // quadratic regression shows as this test's slowness, bounded by runCli's 60 s.)
  std::string buffers = R"({"type": "f32", "count": 1000})";
  std::string text = vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco", buffers);
  std::string many;
  for (int i = 0; i < 100000; ++i) many += ", \"x" + std::to_string(i) + R"(": {"type": "u8", "count": 1})";
  text.insert(text.find(R"(}},)") + 1, many);
  const fs::path job = writeJob("many_buffers.json", text);
  const Run r = runCli("check " + job.string());
  INFO(r.err);
  CHECK(r.status == 0);
}

TEST_CASE("robust: a key given twice in a JSON object is an error", "[frontend][robust]") {
  std::string text =
      vectorAddJob(kExamples + "vector_add/vector_add.gfx900.hsaco", R"({"type": "f32", "count": 1000})");
  const std::string dup = text;
  text.insert(text.find(R"("grid")"), R"("grid": [64], )");
  expectBadInput("check " + writeJob("dup_grid.json", text).string(),
                 {"dup_grid.json: grid: the key appears twice in its object"});
  std::string buffers = dup;
  buffers.insert(buffers.find(R"("b": )"), R"("a": {"type": "f32", "count": 4}, )");
  expectBadInput("check " + writeJob("dup_buffer.json", buffers).string(),
                 {"dup_buffer.json: buffers.a: the key appears twice in its object"});
  const fs::path cfg =
      writeJob("dup_cfg.json", R"({"name": "x", "arch": "gfx900", "gpu": {"cus": 4, "cus": 8}})");
  expectBadInput("run -q " + kExamples + "vector_add/vector_add.gfx900.json --config " + cfg.string(),
                 {"dup_cfg.json: gpu.cus: the key appears twice"});
}

TEST_CASE("robust: info, warnings and disasm errors escape control characters and name the file",
          "[frontend][robust]") {
  const auto info = gcnsim::test::runGcnsim("info " + kRepro + "c5_md_kernel_name_newline.hsaco");
  CHECK(info.status == 0);
  CHECK_THAT(info.out, Catch::Contains("\nkernel ke\\nrn\\x1b[31m\n"));
  CHECK(info.out.find('\x1b') == std::string::npos);
  const fs::path cfg = writeJob("cfg_evil.json", "{\"name\":\"evil\\nname\\u001b[31m\",\"arch\":\"gfx600\"}");
  const auto warn = gcnsim::test::runGcnsim("run -q " + kExamples +
                                            "vector_add/vector_add.gfx900.json --config " + cfg.string());
  CHECK(warn.status == 0);
  CHECK_THAT(warn.err, Catch::Contains("config evil\\nname\\x1b[31m is for"));
  CHECK(warn.err.find('\x1b') == std::string::npos);
  const fs::path trunc = tempDir() / "trunc_vop3.bin";
  std::ofstream(trunc, std::ios::binary).write("\x00\x00\x00\xd1", 4);
  expectBadInput("disasm --arch gfx900 " + trunc.string(),
                 {trunc.string() + ": truncated instruction at offset 0x0"});
}
