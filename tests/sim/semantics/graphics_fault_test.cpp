// Graphics-only instructions (MIMG, VINTRP, EXP and the VOP3-encoded
// v_interp_*_f16): gcnsim decodes them, and executing one in a compute wave
// is a clean fault that says "unsupported in compute" and names the
// instruction, with no register, LDS or memory change (issue: "decoding is
// enough; executing one is a clear 'unsupported in compute' fault, not
// undefined behaviour").
//
// The instructions are real LLVM encodings: tests/tools/gen_gfx_only_programs.py
// writes tests/sim/programs/gfx_only_{mimg,vintrp,exp}.gfxN.s with one
// instruction per opcode of the generation, each followed by s_endpgm, and
// tests/tools/assemble_programs.py assembles them. Each block runs on its own;
// the expected mnemonic of block k is the k-th instruction of the .s source,
// and the mnemonics of the .s source must be exactly the ISA table's rows of
// that generation (isa/tables/mimg.cpp, vintrp.cpp, exp.cpp, vop3.cpp).
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "isa/gen.hpp"
#include "isa/table.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;
constexpr uint32_t kSEndpgm = 0xbf810000u;  // s_endpgm (SOPP opcode 1) on GCN 1.0-1.4

// Mnemonics of the instruction lines of programs/NAME.gfxN.s, in order (s_endpgm left out).
std::vector<std::string> sourceMnemonics(const std::string& name, Gen g) {
  const std::string path =
      std::string(GCNSIM_TEST_DATA) + "/sim/programs/" + name + "." + std::string(isa::genFamily(g)) + ".s";
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word;
    if (!(ls >> word) || word.rfind("//", 0) == 0 || word == "s_endpgm") continue;
    out.push_back(word);
  }
  return out;
}

// The graphics-only rows of the ISA tables present in `g`.
std::multiset<std::string> tableRows(Gen g, bool wantMimg, bool wantInterp, bool wantExp) {
  std::multiset<std::string> out;
  for (const isa::OpInfo* op : isa::allOps()) {
    if (!op->existsIn(g)) continue;
    const bool mimg = op->format == isa::Format::MIMG;
    const bool exp = op->format == isa::Format::EXP;
    const bool interp = op->format == isa::Format::VINTRP || (op->has(isa::kGraphicsOnly) && !mimg && !exp);
    if ((mimg && wantMimg) || (interp && wantInterp) || (exp && wantExp)) out.insert(op->name);
  }
  return out;
}

// Runs every block of programs/NAME.gfxN.hex from the same initial state and
// checks the fault and that nothing changed.
void checkProgram(const std::string& name, Gen g) {
  INFO(name << " " << isa::genName(g));
  const std::vector<uint32_t> words = test::loadProgram(name, g);
  const std::vector<std::string> mnemonics = sourceMnemonics(name, g);

  test::WaveHarness h(g, 16);
  const uint64_t a = h.alloc(4096, "image");
  std::vector<uint32_t> img(1024);
  for (unsigned i = 0; i < img.size(); ++i) img[i] = 0x3f800000u + i;
  h.put(a, img);
  for (unsigned i = 0; i < 102; ++i) h.wave.sreg[i] = 0x51000000u + i;
  // s[8:15]: an image resource whose first dwords hold the address of `img`;
  // s[16:19]: a sampler; M0: the LDS parameter base of the interpolation ops.
  h.wave.setSreg64(8, a);
  h.wave.setM0(0);
  h.wave.scc = true;
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned l = 0; l < sim::kWaveSize; ++l) h.wave.v(r)[l] = r << 16 | l;
  std::vector<uint8_t> lds(64 * 1024);
  for (size_t i = 0; i < lds.size(); ++i) lds[i] = uint8_t(i * 7 + 1);
  REQUIRE(h.lds.write(0, lds.data(), uint32_t(lds.size())));
  const sim::WaveState initial = h.wave;

  size_t block = 0, start = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] != kSEndpgm) continue;
    REQUIRE(block < mnemonics.size());
    const std::string& mnem = mnemonics[block];
    INFO("block " << block << ": " << mnem);
    h.wave = initial;
    const std::vector<uint32_t> code(words.begin() + long(start), words.begin() + long(i) + 1);
    const sim::RunStatus r = h.run(code);
    CHECK(r.kind == sim::RunStatus::Fault);
    CHECK_THAT(r.message, Catch::Contains(mnem + ": ") && Catch::Contains("unsupported in compute"));
    CHECK(h.wave.instructionsExecuted == initial.instructionsExecuted);  // (a faulting one is not counted)
    CHECK(h.wave.sreg == initial.sreg);
    CHECK(h.wave.scc == initial.scc);
    CHECK(h.wave.vgpr == initial.vgpr);
    CHECK(h.get<uint32_t>(a, img.size()) == img);
    std::vector<uint8_t> ldsAfter(lds.size());
    REQUIRE(h.lds.read(0, ldsAfter.data(), uint32_t(ldsAfter.size())));
    CHECK(ldsAfter == lds);
    ++block;
    start = i + 1;
  }
  CHECK(block == mnemonics.size());
}

}  // namespace

TEST_CASE("graphics-only programs name every MIMG/VINTRP/EXP opcode of the ISA tables", "[sim][graphics]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    const auto names = [&](const char* prog) {
      const auto v = sourceMnemonics(prog, g);
      return std::multiset<std::string>(v.begin(), v.end());
    };
    CHECK(names("gfx_only_mimg") == tableRows(g, true, false, false));
    CHECK(names("gfx_only_vintrp") == tableRows(g, false, true, false));
    CHECK(names("gfx_only_exp") == tableRows(g, false, false, true));
  }
  // Sizes: CLRX GcnInstrsMimg.md lists 89 MIMG opcodes for GCN 1.2/1.4 and 93 for
  // GCN 1.0/1.1 (with image_atomic_rsub, which llvm-mc-15 assembles for gfx600/gfx700).
  // VINTRP: 3 (GcnInstrsVintrp.md) + VOP3 v_interp_p1ll/p1lv/p2_f16 on GCN 1.2/1.4
  // and v_interp_p2_legacy_f16 on GCN 1.4 (GcnInstrsVop3.md).
  CHECK(tableRows(Gen::GCN10, true, false, false).size() == 93);
  CHECK(tableRows(Gen::GCN11, true, false, false).size() == 93);
  CHECK(tableRows(Gen::GCN14, true, false, false).size() == 89);
  CHECK(tableRows(Gen::GCN10, false, true, false).size() == 3);
  CHECK(tableRows(Gen::GCN12, false, true, false).size() == 6);
  CHECK(tableRows(Gen::GCN14, false, true, false).size() == 7);
}

TEST_CASE("MIMG instructions fault as unsupported in compute, changing nothing", "[sim][graphics]") {
  for (Gen g : kAllGens) checkProgram("gfx_only_mimg", g);
}

TEST_CASE("VINTRP and v_interp_*_f16 instructions fault as unsupported in compute, changing nothing",
          "[sim][graphics]") {
  for (Gen g : kAllGens) checkProgram("gfx_only_vintrp", g);
}

TEST_CASE("EXP faults as unsupported in compute, changing nothing", "[sim][graphics]") {
  for (Gen g : kAllGens) checkProgram("gfx_only_exp", g);
}

TEST_CASE("graphics instructions fault in compute with the exact message", "[sim][graphics]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const sim::RunStatus st = h.runProgram("buffer_graphics");
    CHECK(st.kind == sim::RunStatus::Fault);
    CHECK(st.message.find("exp: graphics instruction, unsupported in compute") != std::string::npos);
  }
}
