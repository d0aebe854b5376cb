// Job file parsing: the typed result for good jobs, one precise line for bad ones.
#include "frontend/job/job.hpp"

#include <unistd.h>

#include <bit>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <fstream>

#include "frontend/common/error.hpp"
#include "frontend/job/job_json.hpp"
#include "frontend/job/kernel_launch.hpp"
#include "frontend/job/random_fill.hpp"
#include "memory/global_memory.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim;
using namespace gcnsim::frontend;

namespace {

std::filesystem::path tempDir() { return gcnsim::test::scratchDir("job_test"); }

std::filesystem::path writeFile(const std::string& name, const std::string& text) {
  return gcnsim::test::writeText(tempDir() / name, text);
}

const std::string kVadd = std::string(GCNSIM_SOURCE_DIR) + "/examples/vector_add/vector_add.gfx900.hsaco";
const std::string kReduce = std::string(GCNSIM_SOURCE_DIR) + "/examples/reduction/reduction.gfx900.hsaco";
const std::string kRaw = std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer.gfx900.bin";

// A valid vector_add job with `extra` spliced in at the top level (or replacing `args`).
std::string vaddJob(
    const std::string& buffers = R"({"a": {"type": "f32", "count": 4}, "b": {"type": "f32", "count": 4},
                                                   "c": {"type": "f32", "count": 4}})",
    const std::string& args =
        R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 4, "type": "u32"}])",
    const std::string& extra = R"("grid": [4], "workgroup": [4])") {
  return R"({"kernel": {"file": ")" + kVadd + R"(", "name": "vector_add"}, )" + extra + R"(, "buffers": )" +
         buffers + R"(, "args": )" + args + "}";
}

Job load(const std::string& text, uint64_t limit = kDefaultMaxBufferBytes) {
  return loadJob(writeFile("job.json", text), limit);
}

// The single-line error message for a bad job.
std::string errorOf(const std::string& text, uint64_t limit = kDefaultMaxBufferBytes) {
  try {
    load(text, limit);
  } catch (const InputError& e) {
    const std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos);
    return msg;
  }
  FAIL("job loaded but should have been rejected:\n" << text);
  return "";
}

float f32At(const BufferSpec& b, size_t i) {
  return std::bit_cast<float>(static_cast<uint32_t>(loadElementBits(b.bytes, i, b.type)));
}

}  // namespace

TEST_CASE("a good ELF job parses into typed structs", "[frontend][job]") {
  const Job job = load(vaddJob(R"({"a": {"type": "f32", "data": [1.0, 2.5]},
      "b": {"type": "u32", "count": 3, "fill": 7},
      "c": {"type": "i32", "count": 5, "iota": {"start": -2, "step": 3}},
      "d": {"type": "f16", "count": 2, "data": [1.5]},
      "e": {"type": "i8", "data": [-128, 127]}})",
                               R"([{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 1000}])",
                               R"("grid": [1000, 2], "workgroup": [64], "output": ["c", "a"])"));
  CHECK(job.kernel.format == KernelFormat::Elf);
  CHECK(job.kernel.name == "vector_add");
  CHECK(job.kernel.arch.llvmName == "gfx900");
  CHECK(job.kernelInfo().name == "vector_add");
  CHECK(job.grid == std::array<uint32_t, 3>{1000, 2, 1});
  CHECK(job.gridDims == 2);
  CHECK(job.workgroup == std::array<uint32_t, 3>{64, 1, 1});
  REQUIRE(job.buffers.size() == 5);
  CHECK(job.buffers[0].name == "a");  // file order kept
  CHECK(job.buffers[4].name == "e");
  CHECK(f32At(job.buffers[0], 1) == 2.5f);
  CHECK(job.buffers[1].bytes == std::vector<uint8_t>{7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0});
  CHECK(static_cast<int32_t>(loadElementBits(job.buffers[2].bytes, 4, ElemType::I32)) == 10);
  CHECK(job.buffers[3].bytes == std::vector<uint8_t>{0x00, 0x3e, 0, 0});  // f16 1.5 = 0x3e00, then zero
  CHECK(job.buffers[4].bytes == std::vector<uint8_t>{0x80, 0x7f});
  REQUIRE(job.args.size() == 4);
  CHECK(job.args[2].kind == ArgSpec::Kind::Buffer);
  CHECK(job.args[2].buffer == "c");
  CHECK(job.args[2].kernargOffset == 16);
  CHECK(job.args[3].kind == ArgSpec::Kind::Value);
  CHECK(job.args[3].type == ElemType::U32);  // inferred from the metadata type name "uint"
  CHECK(job.args[3].bits == 1000);
  CHECK(job.args[3].kernargOffset == 24);
  CHECK(job.args[3].kernargSize == 4);
  CHECK(job.output == std::vector<std::string>{"c", "a"});
}

TEST_CASE("reduction job with a local argument, default output is every buffer", "[frontend][job]") {
  const Job job = load(R"({"kernel": {"file": ")" + kReduce + R"("}, "grid": [256], "workgroup": [64],
      "buffers": {"in": {"type": "f32", "count": 256}, "out": {"type": "f32", "count": 4}},
      "args": [{"buffer": "in"}, {"buffer": "out"}, {"local": 256}, {"value": 256, "type": "u32"}]})");
  CHECK(job.kernel.name == "reduce_sum");  // the only kernel
  CHECK(job.args[2].kind == ArgSpec::Kind::Local);
  CHECK(job.args[2].localBytes == 256);
  CHECK(job.dynamicLdsBytes() == 256);
  CHECK(job.output == std::vector<std::string>{"in", "out"});
}

// local_args_mixed.cl takes __local short*, double*, uint* (.pointee_align 2, 8, 4). The launch puts each
// block at its pointee's alignment after the kernel's 0 bytes of LDS: 2 bytes at 0, 65528 at 8, 4 at 65536
// -- 65540 bytes, over a work-group's 65536, though the sizes add up to 65534. Loading the job (what
// `gcnsim check` does) must refuse it as the launch does; it had passed. 65526 for the double block fits.
TEST_CASE("local arguments are counted with their alignment when the job is loaded", "[frontend][job]") {
  const std::string kernel =
      std::string(GCNSIM_SOURCE_DIR) + "/tests/kernels/bin/local_args_mixed.gfx900.hsaco";
  const auto job = [&](unsigned doubleBytes) {
    return R"({"kernel": {"file": ")" + kernel + R"("}, "grid": [64], "workgroup": [64],
      "buffers": {"in": {"type": "i32", "count": 64}, "out": {"type": "f64", "count": 64}},
      "args": [{"buffer": "in"}, {"buffer": "out"}, {"local": 2}, {"local": )" +
           std::to_string(doubleBytes) + R"(}, {"local": 4}]})";
  };
  CHECK_THAT(errorOf(job(65528)),
             Catch::Contains(
                 "job.json: args[4].local: the kernel's 0 bytes of LDS plus the \"local\" arguments up to "
                 "this one, each aligned to its pointee, need 65540 bytes per work-group (at most 65536)"));
  CHECK(load(job(65520)).dynamicLdsBytes() == 65526);
}

TEST_CASE("every bundled example job loads", "[frontend][job]") {
  for (const char* dir : {"vector_add/vector_add", "reduction/reduction", "asm/smem_lds_buffer"})
    for (const char* cpu : {"gfx600", "gfx700", "gfx803", "gfx900"}) {
      const auto path = std::string(GCNSIM_SOURCE_DIR) + "/examples/" + dir + "." + cpu + ".json";
      INFO(path);
      const Job job = loadJob(path);
      CHECK(job.kernel.arch.llvmName == cpu);
    }
}

TEST_CASE("raw kernel setup block", "[frontend][job]") {
  const Job job =
      load(R"({"kernel": {"file": ")" + kRaw + R"(", "format": "raw", "arch": "gfx900", "sgprs": 24,
      "vgprs": 8, "lds_bytes": 1024, "setup": {
        "s[0:1]": {"address": "in", "offset": 8},
        "s[4:7]": {"resource": {"buffer": "out", "stride": 4, "data_format": "32", "num_format": "float",
                                "dst_sel_x": "r", "dst_sel_w": 0, "add_tid_enable": true, "index_stride": 3,
                                "element_size": 1, "swizzle_enable": true, "cache_swizzle": true, "heap": true,
                                "hash_enable": true, "type": 0}},
        "s8": 42, "s[10:11]": {"value": 1234567890123}, "s9": "workgroup_id_y", "v0": "workitem_id_x",
        "s12": -1, "s13": {"value": 2.5, "type": "f32"}, "s[14:15]": [1, 2], "m0": 4294967295}},
      "grid": [64], "workgroup": [64],
      "buffers": {"in": {"type": "u32", "count": 4}, "out": {"type": "u32", "count": 256}}})");
  CHECK(job.kernel.format == KernelFormat::Raw);
  CHECK(job.kernel.name == "smem_lds_buffer.gfx900");
  CHECK(job.kernel.sgprs == 24);
  CHECK(job.kernel.vgprs == 8);
  CHECK(job.kernel.ldsBytes == 1024);
  CHECK(job.rawCode.size() == 100);
  const auto& in = job.kernel.setup.inits;
  REQUIRE(in.size() == 11);
  CHECK(in[0].kind == RegInit::Kind::BufferAddress);
  CHECK(in[0].reg.file == RegRange::File::Sgpr);
  CHECK(in[0].reg.first == 0);
  CHECK(in[0].reg.count == 2);
  CHECK(in[0].offset == 8);
  CHECK(in[1].kind == RegInit::Kind::BufferResource);
  CHECK(in[1].resource.stride == 4);
  CHECK(in[1].resource.numRecords == 256);  // 1024 bytes / stride 4
  CHECK(in[2].constant == 42);
  CHECK(in[3].constant == 1234567890123ull);
  CHECK(in[4].kind == RegInit::Kind::WorkgroupId);
  CHECK(in[4].dim == 1);
  CHECK(in[5].kind == RegInit::Kind::WorkitemId);
  CHECK(in[5].reg.file == RegRange::File::Vgpr);
  CHECK(in[6].constant == 0xffffffffu);
  CHECK(in[7].constant == 0x40200000u);  // 2.5f
  CHECK(in[8].reg.first == 14);
  CHECK(in[8].constant == 1);
  CHECK(in[9].reg.first == 15);
  CHECK(in[9].constant == 2);
  CHECK(in[10].reg.file == RegRange::File::M0);
  CHECK(in[10].constant == 0xffffffffu);

  // Seed 001 "Buffer resource format", field by field, for base 0x123456789a00:
  const auto d = encodeBufferResource(in[1].resource, 0x123456789a00ull);
  CHECK(d[0] == 0x56789a00u);
  CHECK(d[1] == (0x1234u | 4u << 16 | 1u << 30 | 1u << 31));  // BASE 47:32, STRIDE, cache swizzle, swizzle
  CHECK(d[2] == 256u);                                        // NUMRECORDS
  CHECK(d[3] ==
        (4u | 5u << 3 | 6u << 6 | 0u << 9 |                       // DST_SEL x=R, y=G, z=B, w=0
         7u << 12 | 4u << 15 |                                    // NUMFORMAT float, DATAFORMAT 32
         1u << 19 | 3u << 21 | 1u << 23 | 1u << 25 | 1u << 26));  // ELEMSIZE, INDEXSTRIDE, TID, hash, heap
  // Defaults: stride 0, num_records = buffer bytes, identity dst_sel, 32/uint.
  const Job ex = loadJob(std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer.gfx900.json");
  const auto r = encodeBufferResource(ex.kernel.setup.inits[1].resource, 0x1000);
  CHECK(r == std::array<uint32_t, 4>{0x1000, 0, 512, 4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 12 | 4u << 15});
}

TEST_CASE("bad jobs: one line naming the file and the field", "[frontend][job]") {
  using Catch::Contains;
  using Catch::StartsWith;
  const std::string file = (tempDir() / "job.json").string();

  SECTION("bad JSON reports line and column") {
    CHECK_THAT(errorOf("{\n  \"kernel\": {\n  \"file\" 1}\n}"),
               StartsWith(file + ": invalid JSON") && Contains("line 3, column"));
  }
  SECTION("unknown keys list the allowed ones") {
    CHECK_THAT(
        errorOf(vaddJob().replace(1, 0, R"("gird": [1], )")),
        Contains(file + ": unknown key \"gird\" (allowed: kernel, grid, workgroup, buffers, args, output"));
    CHECK_THAT(
        errorOf(vaddJob(R"({"a": {"type": "f32", "cont": 4}})")),
        Contains("buffers.a: unknown key \"cont\" (allowed: type, count, data, fill, iota, random, file)"));
  }
  SECTION("wrong types") {
    CHECK_THAT(
        errorOf(vaddJob(R"({"a": {"type": "f3", "count": 4}})")),
        Contains(file +
                 ": buffers.a.type: unknown type \"f3\" (expected one of u8, i8, u16, i16, u32, i32, u64, "
                 "i64, f16, f32, f64)"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": "4"}})")),
               Contains("buffers.a.count: expected an integer, got a string (\"4\")"));
    CHECK_THAT(errorOf(vaddJob(R"([1])")), Contains("buffers: expected an object, got an array"));
  }
  SECTION("missing required keys") {
    CHECK_THAT(errorOf(R"({"grid": [1], "workgroup": [1]})"),
               Contains(file + ": missing required key \"kernel\""));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"count": 4}})")),
               Contains("buffers.a: missing required key \"type\""));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u8"}})")), Contains("buffers.a: needs \"count\""));
  }
  SECTION("missing files") {
    CHECK_THAT(errorOf(R"({"kernel": {"file": "nope.hsaco"}, "grid": [1], "workgroup": [1]})"),
               Contains("kernel.file: ") && Contains("nope.hsaco: cannot open: No such file or directory"));
    CHECK_THAT(
        errorOf(vaddJob(R"({"a": {"type": "u8", "file": "missing.bin"}})")),
        Contains("buffers.a.file: ") && Contains("missing.bin: cannot open: No such file or directory"));
    CHECK_THROWS_WITH(loadJob(tempDir() / "no_such_job.json"),
                      Contains("no_such_job.json: cannot open: No such file or directory"));
  }
  SECTION("unknown kernel lists the kernels") {
    std::string j = vaddJob();
    j.replace(j.find("\"vector_add\""), 12, "\"vadd\"");
    CHECK_THAT(errorOf(j),
               Contains("kernel.name: no kernel \"vadd\" in vector_add.gfx900.hsaco (kernels: vector_add)"));
  }
  SECTION("arguments are checked against the metadata") {
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": 4}})", R"([{"buffer": "a"}])")),
               Contains("args: kernel vector_add takes 4 arguments") && Contains("the job gives 1"));
    // An extra argument has no metadata to take its type from: the count is the error (it had been
    // 'args[4]: missing required key "type"').
    CHECK_THAT(errorOf(vaddJob(
                   R"({"a": {"type": "f32", "count": 4}})",
                   R"([{"buffer": "a"}, {"buffer": "a"}, {"buffer": "a"}, {"value": 4}, {"value": 5}])")),
               Contains("args: kernel vector_add takes 4 arguments") && Contains("the job gives 5"));
    CHECK_THAT(
        errorOf(vaddJob(
            R"({"a": {"type": "f32", "count": 4}})",
            R"([{"buffer": "a"}, {"buffer": "a"}, {"value": 1, "type": "u32"}, {"value": 4, "type": "u32"}])")),
        Contains(file + ": args[2]: kernel argument") && Contains("is a pointer"));
    CHECK_THAT(errorOf(vaddJob(
                   R"({"a": {"type": "f32", "count": 4}})",
                   R"([{"buffer": "a"}, {"buffer": "a"}, {"buffer": "a"}, {"value": 4, "type": "u64"}])")),
               Contains("args[3]: value of type u64 is 8 bytes but kernel argument (uint, by_value, 4 bytes) "
                        "is 4 bytes"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": 4}})",
                               R"([{"buffer": "a"}, {"buffer": "a"}, {"buffer": "zz"}, {"value": 4}])")),
               Contains("args[2].buffer: no buffer \"zz\""));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": 4}})",
                               R"([{"buffer": "a"}, {"buffer": "a"}, {"local": 64}, {"value": 4}])")),
               Contains("args[2]: kernel argument") && Contains("give {\"buffer\": NAME}, not local memory"));
    CHECK_THAT(
        errorOf(R"({"kernel": {"file": ")" + kReduce + R"("}, "grid": [64], "workgroup": [64],
        "buffers": {"in": {"type": "f32", "count": 64}},
        "args": [{"buffer": "in"}, {"buffer": "in"}, {"buffer": "in"}, {"value": 64}]})"),
        Contains("args[2]: kernel argument (float*, dynamic_shared_pointer, 4 bytes) is a __local pointer"));
    CHECK_THAT(errorOf(R"({"kernel": {"file": ")" + kReduce + R"("}, "grid": [64], "workgroup": [64],
        "buffers": {"in": {"type": "f32", "count": 64}},
        "args": [{"buffer": "in"}, {"buffer": "in"}, {"local": 65537}, {"value": 64}]})"),
               Contains("args[2].local: 65537 is out of range (0 to 65536)"));
  }
  SECTION("grid and workgroup shapes") {
    CHECK_THAT(errorOf(vaddJob(R"({})", "[]", R"("grid": [], "workgroup": [1])")),
               Contains("grid: needs 1 to 3 entries (x, y, z), not 0"));
    CHECK_THAT(errorOf(vaddJob(R"({})", "[]", R"("grid": [1, 1, 1, 1], "workgroup": [1])")),
               Contains("grid: needs 1 to 3 entries (x, y, z), not 4"));
    CHECK_THAT(errorOf(vaddJob(R"({})", "[]", R"("grid": [8], "workgroup": [0])")),
               Contains("workgroup[0]: 0 is out of range (1 to 4294967295)"));
    CHECK_THAT(errorOf(vaddJob(R"({})", "[]", R"("grid": [8], "workgroup": [64, 32])")),
               Contains("workgroup: 2048 work-items per work-group exceed the limit of 1024"));
    CHECK_THAT(
        errorOf(vaddJob(R"({})", "[]", R"("grid": [8], "workgroup": [512])")),
        Contains(
            "workgroup: 512 work-items per work-group exceed the kernel's .max_flat_workgroup_size 256"));
  }
  SECTION("buffer size limit") {
    CHECK_THAT(
        errorOf(vaddJob(R"({"a": {"type": "f64", "count": 1000}})"), 4096),
        Contains(
            "buffers.a: 1000 elements of f64 (8000 bytes) exceed the buffer memory limit of 4096 bytes"));
    CHECK_THAT(
        errorOf(vaddJob(R"({"a": {"type": "u8", "count": 3000}, "b": {"type": "u8", "count": 3000}})"), 4096),
        Contains("buffers.b:") && Contains("(3000 already used by earlier buffers)"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u64", "count": 18446744073709551615}})")),
               Contains("buffers.a: 18446744073709551615 elements of u64 (over 2^64 bytes) exceed"));
  }
  SECTION("values out of range for the type") {
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u8", "data": [1, 256]}})")),
               Contains("buffers.a.data[1]: 256 is out of range for u8 (0 to 255)"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "i16", "fill": -32769, "count": 2}})")),
               Contains("buffers.a.fill: -32769 is out of range for i16 (-32768 to 32767)"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f16", "data": [70000]}})")),
               Contains("buffers.a.data[0]: 70000 is out of range for f16"));
    // A random range beyond the type's finite values (gcnsim.random applies the same check).
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f16", "count": 3, "random": {"min": 0, "max": 1e6}}})")),
               Contains("buffers.a.random: min/max out of range for f16"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": 3, "random": {"max": 1e39}}})")),
               Contains("buffers.a.random: min/max out of range for f32"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u32", "data": [1.5]}})")),
               Contains("buffers.a.data[0]: expected an integer, got a number (1.5)"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u8", "count": 300, "iota": {"start": 0}}})")),
               Contains("buffers.a.iota: element 256 = 256 is out of range for u8"));
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "u8", "count": 2, "data": [1, 2, 3]}})")),
               Contains("buffers.a.count: count 2 is less than the 3 elements of \"data\""));
  }
  SECTION("output names must be buffers") {
    CHECK_THAT(errorOf(vaddJob(R"({"a": {"type": "f32", "count": 4}})",
                               R"([{"buffer": "a"}, {"buffer": "a"}, {"buffer": "a"}, {"value": 4}])",
                               R"("grid": [4], "workgroup": [4], "output": ["a", "q"])")),
               Contains(file + ": output[1]: \"q\" is not a buffer"));
  }
  SECTION("raw kernels") {
    const std::string head = R"({"kernel": {"file": ")" + kRaw + R"(", "format": "raw")";
    CHECK_THAT(errorOf(head + R"(}, "grid": [1], "workgroup": [1]})"),
               Contains("kernel: missing required key \"arch\""));
    CHECK_THAT(errorOf(head + R"(, "arch": "gfx999"}, "grid": [1], "workgroup": [1]})"),
               Contains("kernel.arch: unknown architecture \"gfx999\""));
    CHECK_THAT(
        errorOf(
            head +
            R"(, "arch": "gfx900", "sgprs": 16, "setup": {"s[14:17]": 1}}, "grid": [1], "workgroup": [1]})"),
        Contains("kernel.setup.s[14:17]: s[14:17] is beyond the kernel's 16 SGPRs"));
    CHECK_THAT(
        errorOf(head +
                R"(, "arch": "gfx900", "setup": {"s[0:1]": {"address": "x"}}}, "grid": [1], "workgroup": [1],
                       "buffers": {"y": {"type": "u8", "count": 1}}})"),
        Contains("kernel.setup.s[0:1].address: no buffer \"x\" (buffers: y)"));
    CHECK_THAT(
        errorOf(head +
                R"(, "arch": "gfx900", "setup": {"s[0:2]": {"address": "y"}}}, "grid": [1], "workgroup": [1],
                       "buffers": {"y": {"type": "u8", "count": 1}}})"),
        Contains("kernel.setup.s[0:2]: a buffer address needs 2 registers, not 3"));
    CHECK_THAT(
        errorOf(head +
                R"(, "arch": "gfx900", "setup": {"s4": 1, "s[3:4]": 2}}, "grid": [1], "workgroup": [1]})"),
        Contains("kernel.setup.s[3:4]: overlaps s4"));
    CHECK_THAT(
        errorOf(head +
                R"(, "arch": "gfx900", "setup": {"v0": "workgroup_id_x"}}, "grid": [1], "workgroup": [1]})"),
        Contains("kernel.setup.v0: workgroup ids go in an SGPR"));
    CHECK_THAT(errorOf(head + R"(, "arch": "gfx900", "setup": {"q7": 1}}, "grid": [1], "workgroup": [1]})"),
               Contains("kernel.setup.q7: not a register"));
    CHECK_THAT(
        errorOf(head + R"(, "arch": "gfx900", "setup": {"s1": 4294967296}}, "grid": [1], "workgroup": [1]})"),
        Contains("kernel.setup.s1: 4294967296 is out of range for u32"));
    CHECK_THAT(
        errorOf(
            head +
            R"(, "arch": "gfx900", "setup": {"s[4:7]": {"resource": {"buffer": "y", "data_format": "33"}}}},
                       "grid": [1], "workgroup": [1], "buffers": {"y": {"type": "u8", "count": 1}}})"),
        Contains("kernel.setup.s[4:7].resource.data_format: unknown value \"33\""));
    CHECK_THAT(
        errorOf(
            head +
            R"(, "arch": "gfx900"}, "grid": [1], "workgroup": [1], "args": [{"value": 1, "type": "u32"}]})"),
        Contains("args: raw code reads its arguments from the kernarg segment: map its address with") &&
            Contains("kernarg_segment_ptr"));
    CHECK_THAT(errorOf(head + R"(, "arch": "gfx900", "setup": {"s0": "kernarg_segment_ptr"}},
                                 "grid": [1], "workgroup": [1]})"),
               Contains("kernel.setup.s0:") && Contains("kernarg segment address"));
    CHECK_THAT(errorOf(head + R"(, "arch": "gfx900", "setup": {"s[0:1]": "kernarg_segment_ptr"}},
                                 "grid": [1], "workgroup": [1], "args": [{"value": 1}]})"),
               Contains("args[0]: missing required key \"type\""));
    CHECK_THAT(
        errorOf(head + R"(, "arch": "gfx900", "lds_bytes": 65000,
                                 "setup": {"s[0:1]": "kernarg_segment_ptr"}},
                                 "grid": [1], "workgroup": [1], "args": [{"local": 1024}]})"),
        Contains(
            "args[0].local: kernel.lds_bytes (65000) plus 1024 bytes of \"local\" arguments exceed 65536"));
    CHECK_THAT(
        errorOf(R"({"kernel": {"file": ")" + kVadd + R"(", "sgprs": 4}, "grid": [1], "workgroup": [1]})"),
        Contains("kernel.sgprs: only for raw machine code"));
  }
  SECTION("a code object that is not one") {
    CHECK_THAT(
        errorOf(R"({"kernel": {"file": ")" + kRaw + R"(", "format": "elf"}, "grid": [1], "workgroup": [1]})"),
        Contains(file + ": kernel.file: ") && Contains("not an ELF file"));
  }
}

TEST_CASE("buffer file initializer and random fill", "[frontend][job]") {
  writeFile("input.bin", std::string("\x01\x02\x03\x04\x05\x06", 6));
  const Job job = load(vaddJob(R"({"a": {"type": "u16", "file": "input.bin", "count": 4},
      "r": {"type": "i32", "count": 1000, "random": {"seed": 7, "min": -3, "max": 3}},
      "f": {"type": "f32", "count": 1000, "random": {"seed": 7, "min": -1, "max": 1}}})",
                               R"([{"buffer": "a"}, {"buffer": "a"}, {"buffer": "a"}, {"value": 4}])"));
  CHECK(job.buffers[0].size == 8);      // count 4: the file's 6 bytes, then zeros (not held)
  CHECK(job.buffers[0].bytes.empty());  // mapped when the job runs
  CHECK(job.buffers[0].fileSize == 6);
  CHECK(job.buffers[0].initialBytes() == std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 0, 0});
  std::array<int, 7> seen{};
  for (size_t i = 0; i < 1000; ++i) {
    const int v = static_cast<int32_t>(loadElementBits(job.buffers[1].bytes, i, ElemType::I32));
    REQUIRE(v >= -3);
    REQUIRE(v <= 3);
    ++seen[v + 3];
    const float f = f32At(job.buffers[2], i);
    REQUIRE(f >= -1.0f);
    REQUIRE(f < 1.0f);
  }
  for (int c : seen) CHECK(c > 100);  // roughly uniform: ~143 each
  // Deterministic: the documented generator reproduces element 0 and 1.
  SplitMix64 rng(7);
  CHECK(static_cast<int32_t>(loadElementBits(job.buffers[1].bytes, 0, ElemType::I32)) ==
        -3 + static_cast<int>(rng.next() % 7));
  CHECK(static_cast<int32_t>(loadElementBits(job.buffers[1].bytes, 1, ElemType::I32)) ==
        -3 + static_cast<int>(rng.next() % 7));
  const Job again =
      load(vaddJob(R"({"f": {"type": "f32", "count": 1000, "random": {"seed": 7, "min": -1, "max": 1}}})",
                   R"([{"buffer": "f"}, {"buffer": "f"}, {"buffer": "f"}, {"value": 4}])"));
  CHECK(again.buffers[0].bytes == job.buffers[2].bytes);
}

TEST_CASE("SplitMix64 matches the reference sequence", "[frontend][job]") {
  // Reference values: Vigna's splitmix64.c with x = 1234567, recomputed independently in Python
  // (z = (x += 0x9e3779b97f4a7c15); z = (z ^ z >> 30) * 0xbf58...; z = (z ^ z >> 27) * 0x94d0...; z ^ z >>
  // 31).
  SplitMix64 r(1234567);
  CHECK(r.next() == 6457827717110365317ull);
  CHECK(r.next() == 3203168211198807973ull);
  CHECK(r.next() == 9817491932198370423ull);
  SplitMix64 f(1);
  for (int i = 0; i < 1000; ++i) {
    const double d = f.nextDouble(2.0, 3.0);
    REQUIRE(d >= 2.0);
    REQUIRE(d < 3.0);
  }
  // A span of 2^64 takes next() whole: min + next(); a smaller one next() mod the span.
  SplitMix64 full(5), copy(5);
  const uint64_t raw = copy.next();
  const auto firstInt = [](SplitMix64& rng, __int128 lo, __int128 hi) {
    std::vector<uint8_t> one(8);
    fillRandomInts(one, ElemType::I64, rng, lo, hi);
    return static_cast<int64_t>(loadElementBits(one, 0, ElemType::I64));
  };
  CHECK(firstInt(full, INT64_MIN, INT64_MAX) == static_cast<int64_t>(raw ^ (uint64_t{1} << 63)));
  SplitMix64 small(5);
  CHECK(firstInt(small, 10, 12) == 10 + static_cast<int64_t>(raw % 3));
}

// The fills (random_fill.cpp: a loop per type, a mask for power-of-two spans) against the documented
// rule computed here the long way, element by element: integers min + (next() mod span) in 128 bits, its
// two's-complement low bits stored; floats min + (max - min) * ((next() >> 11) * 2^-53) in double, rounded
// to the type.
// An f64 range wider than DBL_MAX: max - min overflows, so the documented fallback h = max / 2 - min / 2,
// (min + h * u) + h * u (it had given inf and nan), finite and in [min, max).
TEST_CASE("random fill of an f64 range wider than a double", "[frontend][job]") {
  constexpr size_t n = 1000;
  for (const auto& [lo, hi] :
       {std::pair{-1e308, 1e308}, std::pair{-DBL_MAX, DBL_MAX}, std::pair{-DBL_MAX, DBL_MAX / 2}}) {
    std::vector<uint8_t> bytes(n * 8);
    SplitMix64 rng(4), ref(4);
    fillRandomFloats(bytes, ElemType::F64, rng, lo, hi);
    double smallest = hi, largest = lo;
    for (size_t i = 0; i < n; ++i) {
      const double u = static_cast<double>(ref.next() >> 11) * 0x1.0p-53;
      const double h = hi / 2 - lo / 2;
      const double v = std::bit_cast<double>(loadElementBits(bytes, i, ElemType::F64));
      INFO(lo << " " << hi << " element " << i);
      REQUIRE(std::isfinite(v));
      REQUIRE(v >= lo);
      REQUIRE(v < hi);
      REQUIRE(v == (lo + h * u) + h * u);
      smallest = std::min(smallest, v), largest = std::max(largest, v);
    }
    CHECK(smallest < lo + (hi / 2 - lo / 2) / 8);  // spread over the range, not half of it
    CHECK(largest > hi - (hi / 2 - lo / 2) / 8);
  }
}

TEST_CASE("random fill follows the documented rule for every type and span", "[frontend][job]") {
  constexpr size_t n = 257;
  for (const ElemType t : {ElemType::U8, ElemType::I8, ElemType::U16, ElemType::I16, ElemType::U32,
                           ElemType::I32, ElemType::U64, ElemType::I64}) {
    const __int128 tmin = elemTypeMin(t), tmax = elemTypeMax(t);
    const std::pair<__int128, __int128> ranges[] = {
        {tmin, tmax},          // the whole type: a power-of-two span (2^64 for 64-bit types)
        {tmin, tmax - 1},      // one short: not a power of two
        {tmin + 3, tmin + 6},  // a span of 4
        {tmin + 5, tmin + 11},
        {tmax, tmax}};  // a span of 1
    for (const auto& [lo, hi] : ranges) {
      std::vector<uint8_t> bytes(n * elemTypeSize(t));
      SplitMix64 rng(11), ref(11);
      fillRandomInts(bytes, t, rng, lo, hi);
      const unsigned __int128 span = static_cast<unsigned __int128>(hi - lo) + 1;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t r = ref.next();
        const __int128 v =
            lo + static_cast<__int128>(span > ~uint64_t{0} ? r : r % static_cast<uint64_t>(span));
        REQUIRE(v >= lo);
        REQUIRE(v <= hi);
        INFO(elemTypeName(t) << " [" << int128ToString(lo) << ", " << int128ToString(hi) << "] element "
                             << i);
        REQUIRE(intBitsToValue(loadElementBits(bytes, i, t), t) == v);
      }
    }
  }
  for (const ElemType t : {ElemType::F16, ElemType::F32, ElemType::F64})
    for (const auto& [lo, hi] : {std::pair{-1.0, 1.0}, std::pair{2.0, 3.0}, std::pair{0.5, 0.5}}) {
      std::vector<uint8_t> bytes(n * elemTypeSize(t));
      SplitMix64 rng(3), ref(3);
      fillRandomFloats(bytes, t, rng, lo, hi);
      for (size_t i = 0; i < n; ++i) {
        const double d = lo + (hi - lo) * (static_cast<double>(ref.next() >> 11) * 0x1.0p-53);
        const uint64_t want = t == ElemType::F16   ? encodeFloat(d, t)
                              : t == ElemType::F32 ? std::bit_cast<uint32_t>(static_cast<float>(d))
                                                   : std::bit_cast<uint64_t>(d);
        INFO(elemTypeName(t) << " [" << lo << ", " << hi << ") element " << i);
        REQUIRE(loadElementBits(bytes, i, t) == want);
      }
    }
}

TEST_CASE("raw code: arguments are laid out in order at their natural alignment", "[job]") {
  const Job job = load(R"({"kernel": {"file": ")" + kRaw + R"(", "format": "raw", "arch": "gfx900",
      "lds_bytes": 100, "setup": {"s[2:3]": "kernarg_segment_ptr"}},
    "grid": [1], "workgroup": [1], "buffers": {"b": {"type": "u8", "count": 4}},
    "args": [{"value": 1, "type": "u8"}, {"buffer": "b"}, {"value": 2, "type": "u16"}, {"local": 64},
             {"value": 3.5, "type": "f64"}, {"value": 4, "type": "i32"}]})");
  REQUIRE(job.args.size() == 6);
  // u8 at 0; the 8-byte address at 8; u16 at 16; the local block's 4-byte LDS offset at 20;
  // f64 at 24; i32 at 32.
  const uint32_t offsets[] = {0, 8, 16, 20, 24, 32}, sizes[] = {1, 8, 2, 4, 8, 4};
  for (size_t i = 0; i < 6; ++i) {
    CHECK(job.args[i].kernargOffset == offsets[i]);
    CHECK(job.args[i].kernargSize == sizes[i]);
  }
  CHECK(job.dynamicLdsBytes() == 64);
  REQUIRE(job.kernel.setup.inits.size() == 1);
  CHECK(job.kernel.setup.inits[0].kind == RegInit::Kind::KernargAddress);

  // The launch writes the segment and puts its address in s[2:3].
  memory::GlobalMemory mem{uint64_t{1} << 32};
  sim::ExecEnv env;
  env.global = &mem;
  const uint64_t b = mem.allocate(64, 256, "b");
  std::vector<ArgValue> values;
  for (const ArgSpec& a : job.args) {
    ArgValue v;
    v.kind = a.kind == ArgSpec::Kind::Buffer  ? ArgValue::Pointer
             : a.kind == ArgSpec::Kind::Local ? ArgValue::Local
                                              : ArgValue::Bytes;
    v.pointer = b;  // the only buffer
    if (v.kind == ArgValue::Bytes) {
      v.bytes.resize(elemTypeSize(a.type));
      std::memcpy(v.bytes.data(), &a.bits, v.bytes.size());
    }
    v.localBytes = a.localBytes;
    values.push_back(std::move(v));
  }
  LaunchLayout layout;
  const sim::DispatchSpec d = prepareRawLaunch(
      mem, env, job.kernel, job.rawCode, values, job.grid, job.workgroup,
      [b](const std::string&) {
        return std::optional<SetupBuffer>({b, 64});
      },
      layout);
  uint64_t kernarg = 0;
  for (const auto& s : d.sgprs)
    if (s.reg == 2 || s.reg == 3) kernarg |= uint64_t{s.value} << (32 * (s.reg - 2));
  REQUIRE(kernarg != 0);
  uint8_t seg[36] = {};
  REQUIRE(mem.read(kernarg, seg, sizeof seg));
  auto at = [&](unsigned o, unsigned n) {
    uint64_t v = 0;
    std::memcpy(&v, seg + o, n);
    return v;
  };
  CHECK(at(0, 1) == 1);
  CHECK(at(8, 8) == b);
  CHECK(at(16, 2) == 2);
  CHECK(at(20, 4) == 100);  // the local block follows kernel.lds_bytes
  CHECK(at(24, 8) == std::bit_cast<uint64_t>(3.5));
  CHECK(at(32, 4) == 4);
  CHECK(d.ldsBytes == 164);
}
