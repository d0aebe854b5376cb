// The pieces of the profile reports: hot-line marks, branch targets, DWARF
// source lines, CSV fields.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "frontend/code_object/code_object.hpp"
#include "frontend/code_object/source_lines.hpp"
#include "frontend/report/branch_target.hpp"
#include "frontend/report/csv.hpp"
#include "frontend/report/hot_lines.hpp"
#include "isa/decoder.hpp"

using namespace gcnsim;
using namespace gcnsim::frontend;

namespace {

std::vector<size_t> hotIndices(const std::vector<uint64_t>& costs) {
  const std::vector<bool> hot = hotLines(costs);
  std::vector<size_t> out;
  for (size_t i = 0; i < hot.size(); ++i)
    if (hot[i]) out.push_back(i);
  return out;
}

std::optional<uint64_t> targetOf(uint32_t word, uint64_t pc) {
  isa::DecodedInst inst;
  REQUIRE(isa::decode(isa::Gen::GCN14, &word, 1, inst) == isa::DecodeStatus::Ok);
  return isa::branchTarget(inst, pc);
}

const std::string kExamples = std::string(GCNSIM_SOURCE_DIR) + "/examples/";

}  // namespace

TEST_CASE("hot lines: equal costs mark nothing", "[frontend][report]") {
  CHECK(hotIndices(std::vector<uint64_t>(17, 8)).empty());
  CHECK(hotIndices(std::vector<uint64_t>(5, 0)).empty());
  CHECK(hotIndices({7}).empty());
  CHECK(hotIndices({}).empty());
}

TEST_CASE("hot lines: the top 10% above the mean, ties to the lower PC", "[frontend][report]") {
  // The README's smem_lds_buffer listing: 17 lines, 920 cycles (mean 54);
  // ceil(17 / 10) = 2 marks: 560, then the first of the two 112s.
  CHECK(hotIndices({8, 8, 8, 8, 560, 8, 8, 16, 112, 8, 8, 8, 8, 112, 8, 32, 0}) == std::vector<size_t>{4, 8});
  // 11 lines: 2 marks; three lines tie at 9 (mean 3): the first two.
  CHECK(hotIndices({5, 9, 9, 9, 1, 1, 1, 1, 1, 1, 1}) == std::vector<size_t>{1, 2});
  CHECK(hotIndices({0, 10}) == std::vector<size_t>{1});
  // Below the mean never, even within the budget: 20 lines, 2 marks, one line above the mean.
  std::vector<uint64_t> one(20, 1);
  one[7] = 100;
  CHECK(hotIndices(one) == std::vector<size_t>{7});
}

TEST_CASE("branch targets as llvm-objdump-15 computes them", "[frontend][report]") {
  // llvm-objdump-15 -d examples/reduction/reduction.gfx900.hsaco:
  //   s_cbranch_execz 8      // 000000001844: BF880008 <reduce_sum+0x68>
  //   s_cbranch_scc1 65514   // 0000000018F8: BF85FFEA <reduce_sum+0xa4>
  CHECK(targetOf(0xBF880008, 0x1844) == 0x1868u);
  CHECK(targetOf(0xBF85FFEA, 0x18F8) == 0x18A4u);
  CHECK(!targetOf(0x7E040280, 0x1820));  // v_mov_b32_e32 v2, 0
  CHECK(!targetOf(0xBF810000, 0x18DC));  // s_endpgm
  CHECK(branchLabel(0x1868, "reduce_sum", 0x1800) == " <reduce_sum+0x68>");
  CHECK(branchLabel(0x1800, "reduce_sum", 0x1800) == " <reduce_sum>");
  CHECK(branchLabel(0x68, "", 0) == " <0x68>");
}

TEST_CASE("DWARF line table of a -g kernel", "[frontend][report][dwarf]") {
  const CodeObject co = loadCodeObject(kExamples + "debug_lines/saxpy.gfx900.hsaco");
  const SourceLines lines = SourceLines::read(co.file, co.path);
  REQUIRE(!lines.empty());
  // llvm-dwarfdump-15 --debug-line: rows (address, line) 0x1800 3, 0x1800 4,
  // 0x1810 0, 0x1818 4, 0x1838 5, 0x1844 0, 0x184c 8, 0x1868 7, 0x187c 8,
  // 0x1884 9, 0x1890 9, 0x1898 10, 0x189c end_sequence; file debug_lines/saxpy.cl.
  auto lineAt = [&](uint64_t a) { return lines.at(a) ? lines.at(a)->line : 0u; };
  CHECK(lines.at(0x1800)->file == "debug_lines/saxpy.cl");
  CHECK(lineAt(0x1800) == 4);
  CHECK(lineAt(0x1808) == 4);
  CHECK(!lines.at(0x1810));
  CHECK(lineAt(0x1818) == 4);
  CHECK(lineAt(0x1838) == 5);
  CHECK(!lines.at(0x1844));
  CHECK(lineAt(0x1854) == 8);
  CHECK(lineAt(0x1874) == 7);
  CHECK(lineAt(0x187c) == 8);
  CHECK(lineAt(0x1888) == 9);
  CHECK(lineAt(0x1898) == 10);
  CHECK(!lines.at(0x189c));
  CHECK(!lines.at(0x17fc));
  const CodeObject plain = loadCodeObject(kExamples + "vector_add/vector_add.gfx900.hsaco");
  CHECK(SourceLines::read(plain.file, plain.path).empty());
}

TEST_CASE("a malformed DWARF line table is one InputError", "[frontend][report][dwarf]") {
  CodeObject co = loadCodeObject(kExamples + "debug_lines/saxpy.gfx900.hsaco");
  // llvm-readelf-15 -S: .debug_line at file offset 0xb78; its unit starts with
  // a 4-byte length and the 2-byte DWARF version (5).
  constexpr size_t kDebugLine = 0xb78;
  REQUIRE(co.file.size() > kDebugLine + 6);
  REQUIRE(co.file[kDebugLine + 4] == 5);
  co.file[kDebugLine + 4] = 0xff;
  co.file[kDebugLine + 5] = 0xff;
  CHECK_THROWS_WITH(SourceLines::read(co.file, "saxpy.hsaco"),
                    Catch::StartsWith("saxpy.hsaco: .debug_line: "));
}

TEST_CASE("CSV fields are quoted per RFC 4180", "[frontend][report]") {
  CHECK(csvField("s_endpgm") == "s_endpgm");
  CHECK(csvField("v_add_u32 v1, s12, v0") == "\"v_add_u32 v1, s12, v0\"");
  CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csvRow({"a", "b,c", ""}) == "a,\"b,c\",\n");
}
