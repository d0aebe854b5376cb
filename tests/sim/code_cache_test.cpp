// The per-address code cache both engines execute from (sim/code_cache.hpp):
// an address is decoded once, an engine's own per-address data lives in the
// same slot and is filled once, right after the decode of an instruction
// that has a semantic. Encodings: AMD "Vega" ISA (GCN 1.4), SOPP s_nop 0 =
// 0xbf800000, s_endpgm = 0xbf810000; SOP1 s_mov_b32 s0, <literal> =
// 0xbe8000ff followed by the literal; SOPP opcode 127 is not an instruction.
#include "sim/code_cache.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "memory/global_memory.hpp"

using namespace gcnsim;
using namespace gcnsim::sim;

namespace {

// An engine's slot extension: how often it was filled, and from which address.
struct Extended : CachedInst {
  unsigned filled = 0;
  std::string name;
};

struct Code {
  memory::GlobalMemory mem{1u << 20};
  uint64_t base = 0;
  // s_nop 0; s_mov_b32 s0, 0x12345678; (invalid); s_endpgm; s_mov_b32 s0, <literal missing>
  std::vector<uint32_t> words{0xbf800000, 0xbe8000ff, 0x12345678, 0xbfff0000, 0xbf810000, 0xbe8000ff};
  Code() {
    base = mem.allocate(words.size() * 4, 256, "code");
    mem.write(base, words.data(), words.size() * 4);
  }
};

}  // namespace

TEST_CASE("code cache: an address is decoded once and its extension filled once, in the same slot",
          "[sim][code_cache]") {
  Code c;
  unsigned completions = 0;
  BasicCodeCache<Extended> cache(isa::Gen::GCN14, c.mem, c.base, c.words.size() * 4, [&](Extended& s) {
    ++completions;
    ++s.filled;
    s.name = s.inst.info->name;
  });
  CHECK(cache.executable(c.base) == nullptr);  // not decoded yet
  std::string error;
  const Extended* nop = cache.at(c.base, error);
  REQUIRE(nop);
  CHECK(nop->name == "s_nop");
  CHECK(nop->fn != nullptr);
  CHECK(cache.executable(c.base) == nop);
  CHECK(cache.at(c.base, error) == nop);
  CHECK(nop->filled == 1);

  const Extended* mov = cache.at(c.base + 4, error);
  REQUIRE(mov);
  CHECK(mov->name == "s_mov_b32");
  CHECK(mov->inst.bytes() == 8);  // with its literal
  CHECK(cache.pcOf(*mov) == c.base + 4);
  CHECK(cache.pcOf(*nop) == c.base);
  const Extended* end = cache.at(c.base + 16, error);
  REQUIRE(end);
  CHECK(end->name == "s_endpgm");
  CHECK(completions == 3);
}

TEST_CASE("code cache: an invalid encoding is decoded but not executable, and gets no extension",
          "[sim][code_cache]") {
  Code c;
  unsigned completions = 0;
  BasicCodeCache<Extended> cache(isa::Gen::GCN14, c.mem, c.base, c.words.size() * 4,
                                 [&](Extended&) { ++completions; });
  std::string error;
  const Extended* bad = cache.at(c.base + 12, error);
  REQUIRE(bad);
  CHECK_FALSE(bad->inst.valid());
  CHECK(bad->fn == nullptr);
  CHECK(std::string(notExecutable(*bad)) == "invalid instruction encoding");
  CHECK(cache.executable(c.base + 12) == nullptr);
  CHECK(bad->filled == 0);
  CHECK(completions == 0);
}

TEST_CASE("code cache: addresses outside the code, misaligned or truncated are errors", "[sim][code_cache]") {
  Code c;
  CodeCache cache(isa::Gen::GCN14, c.mem, c.base, c.words.size() * 4);
  std::string error;
  CHECK(cache.at(c.base + 20, error) == nullptr);
  CHECK(error == "truncated instruction at the end of the kernel code");
  CHECK(cache.executable(c.base + 20) == nullptr);
  for (const uint64_t pc : {c.base + 2, c.base + 24, c.base - 4}) {
    error.clear();
    CHECK(cache.at(pc, error) == nullptr);
    CHECK(error.find("is outside the kernel code") != std::string::npos);
    CHECK(cache.executable(pc) == nullptr);
  }
}

TEST_CASE("code cache: a cache made from another's code decodes on its own", "[sim][code_cache]") {
  Code c;
  CodeCache first(isa::Gen::GCN14, c.mem, c.base, c.words.size() * 4);
  std::string error;
  REQUIRE(first.at(c.base, error));
  const uint32_t other = 0xbf810000;  // the code in memory changes: the copy keeps the first's snapshot
  c.mem.write(c.base, &other, 4);
  BasicCodeCache<Extended> second(first, [](Extended& s) { s.name = s.inst.info->name; });
  CHECK(second.base() == c.base);
  CHECK(second.size() == c.words.size() * 4);
  CHECK(second.executable(c.base) == nullptr);
  const Extended* nop = second.at(c.base, error);
  REQUIRE(nop);
  CHECK(nop->name == "s_nop");
}
