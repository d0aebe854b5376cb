// The fast lane paths of the memory semantics (sim/semantics/ds_ops.cpp,
// flat_ops.cpp) against the per-lane paths they shortcut. Each instruction runs
// alone twice on the same wave and memory:
//   A  lanes whose accesses all qualify for the fast path (every DS address in
//      range; global/flat/MUBUF ADDR64: one run of lanes at consecutive
//      addresses);
//   B  the same lanes plus or minus one lane k that sends the instruction down
//      the per-lane path (a DS address out of range; a hole in the run).
// Every other lane must see identical registers, memory and access-log
// entries, and lane k what the rules say (DS out of range: reads 0, writes
// dropped). Address patterns: consecutive, strided, 16-lane broadcast (a tiled
// matrix product's), reversed, random, unaligned; EXEC full, one run, random.
// The consecutive full-EXEC case (one memcpy) is also checked against the LDS
// contents directly, and a block that runs into unmapped memory must fault on
// its first unmapped lane as the per-lane path does.
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::isa::DecodedInst;
using gcnsim::sim::AccessLog;
using gcnsim::sim::StopReason;
using gcnsim::sim::WaveState;
using gcnsim::test::WaveHarness;

namespace {

uint64_t mix(uint64_t& s) {
  s += 0x9e3779b97f4a7c15ull;
  uint64_t z = s;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

gcnsim::sim::SemFn semantic(const DecodedInst& in) {
  const gcnsim::sim::SemFn fn = gcnsim::sim::semanticRegistry().find(in.info->semKey());
  REQUIRE(fn);
  return fn;
}

struct Entry {
  uint64_t addr;
  uint32_t bytes;
  unsigned lane;
  bool operator==(const Entry&) const = default;
};
// The log's entries, without those of lane `skip` (64: none skipped).
std::vector<Entry> entries(const AccessLog& log, unsigned skip = 64) {
  REQUIRE(!log.overflow);
  std::vector<Entry> out;
  for (unsigned i = 0; i < log.count; ++i)
    if (log.lane[i] != skip) out.push_back({log.addr[i], log.bytes[i], log.lane[i]});
  return out;
}

enum class Pattern { Consecutive, Stride8, Broadcast16, Reversed, Random, Unaligned };
constexpr Pattern kPatterns[] = {Pattern::Consecutive, Pattern::Stride8, Pattern::Broadcast16,
                                 Pattern::Reversed,    Pattern::Random,  Pattern::Unaligned};

uint32_t dsAddress(Pattern p, unsigned l, uint64_t& s) {
  switch (p) {
    case Pattern::Consecutive: return 512 + 4 * l;
    case Pattern::Stride8: return 1024 + 8 * l;
    case Pattern::Broadcast16: return 64 * (l / 16) + 4 * (l % 4);
    case Pattern::Reversed: return 4096 - 4 * l;
    case Pattern::Random: return static_cast<uint32_t>(mix(s) % 60000) & ~7u;
    case Pattern::Unaligned: return 2000 + 5 * l;
  }
  return 0;
}

uint64_t execPattern(unsigned i, uint64_t& s) {
  switch (i % 3) {
    case 0: return ~0ull;
    case 1: return 0x0000ffffffffff00ull;  // one run
    default: return mix(s);
  }
}

}  // namespace

TEST_CASE("fast lanes: DS accesses with every lane in range equal the per-lane path", "[ds][fast]") {
  for (Gen g : kAllGens) {
    const auto insts = gcnsim::test::decodeProgram("fast_lanes_ds", g);
    REQUIRE(insts.size() == 16);
    uint64_t seed = static_cast<uint64_t>(g) * 7 + 1;
    for (const DecodedInst& in : insts) {
      const bool reads = std::string(in.info->name).find("read") != std::string::npos ||
                         std::string(in.info->name).find("rtn") != std::string::npos;
      for (Pattern p : kPatterns) {
        for (unsigned e = 0; e < 3; ++e) {
          WaveHarness h(g, 16);
          for (uint32_t a = 0; a < h.lds.size(); a += 4) {
            const uint32_t v = static_cast<uint32_t>(mix(seed));
            std::memcpy(h.lds.data() + a, &v, 4);
          }
          h.wave.setM0(0xffffffffu);
          for (unsigned l = 0; l < 64; ++l) {
            h.wave.v(1)[l] = dsAddress(p, l, seed);
            for (unsigned r = 2; r <= 5; ++r) h.wave.v(r)[l] = static_cast<uint32_t>(mix(seed));
            for (unsigned r = 10; r <= 13; ++r) h.wave.v(r)[l] = 0xdeadbeefu;
          }
          const unsigned k = static_cast<unsigned>(mix(seed) % 64);
          const uint64_t execA = execPattern(e, seed) & ~(1ull << k);
          h.wave.v(1)[k] = 0x20000;  // beyond the 64 KiB LDS, with any offset
          INFO(gname(g) << " " << in.info->name << " pattern " << static_cast<int>(p) << " lane " << k
                        << " EXEC 0x" << std::hex << execA);
          const gcnsim::memory::Lds start = h.lds;
          WaveState a = h.wave, b = h.wave;
          a.setExec(execA), b.setExec(execA | 1ull << k);
          AccessLog logA, logB;
          REQUIRE(gcnsim::test::runAlone(a, h.env, in, semantic(in), &logA) == StopReason::None);
          const gcnsim::memory::Lds afterA = h.lds;
          h.lds = start;
          REQUIRE(gcnsim::test::runAlone(b, h.env, in, semantic(in), &logB) == StopReason::None);
          CHECK(std::memcmp(afterA.data(), h.lds.data(), h.lds.size()) == 0);
          CHECK(entries(logA) == entries(logB, k));
          for (unsigned r = 0; r < 16; ++r)
            for (unsigned l = 0; l < 64; ++l) {
              if (l == k && r >= 10 && r <= 13) continue;
              INFO("v" << std::dec << r << " lane " << l);
              CHECK(a.v(r)[l] == b.v(r)[l]);
            }
          if (reads) CHECK(b.v(10)[k] == 0);  // out of range: reads 0
        }
      }
    }
  }
}

TEST_CASE("fast lanes: consecutive ds_read_b32 / ds_write_b32 with full EXEC", "[ds][fast]") {
  for (Gen g : kAllGens) {
    const auto insts = gcnsim::test::decodeProgram("fast_lanes_ds", g);
    WaveHarness h(g, 16);
    h.wave.setM0(0xffffffffu);
    for (uint32_t a = 0; a < 1024; ++a) h.lds.data()[a] = static_cast<uint8_t>(a * 7 + 3);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = 256 + 4 * l, h.wave.v(2)[l] = 0xa0000000u + l;
    WaveState w = h.wave;
    REQUIRE(gcnsim::test::runAlone(w, h.env, insts[1], semantic(insts[1])) == StopReason::None);  // offset:12
    for (unsigned l = 0; l < 64; ++l) {
      uint32_t want;
      std::memcpy(&want, h.lds.data() + 256 + 12 + 4 * l, 4);
      CHECK(w.v(10)[l] == want);
    }
    REQUIRE(gcnsim::test::runAlone(w, h.env, insts[9], semantic(insts[9])) == StopReason::None);  // offset:4
    for (unsigned l = 0; l < 64; ++l) {
      uint32_t got;
      std::memcpy(&got, h.lds.data() + 256 + 4 + 4 * l, 4);
      CHECK(got == 0xa0000000u + l);
    }
    CHECK(h.lds.data()[256 + 3] == static_cast<uint8_t>(259 * 7 + 3));        // below the block: untouched
    CHECK(h.lds.data()[256 + 4 + 256] == static_cast<uint8_t>(516 * 7 + 3));  // above it
  }
}

namespace {

// Global/flat/buffer A/B: `name` is fast_lanes_global (gfx9), fast_lanes_flat (gfx8)
// or fast_lanes_buffer (gfx6, ADDR64 with a V# of base 0 in s[8:11]).
void checkGlobal(const char* name, Gen g) {
  const auto insts = gcnsim::test::decodeProgram(name, g);
  uint64_t seed = 99;
  for (const DecodedInst& in : insts) {
    const unsigned dwords = in.info->name[std::strlen(in.info->name) - 1] == 'd'
                                ? 1
                                : static_cast<unsigned>(in.info->name[std::strlen(in.info->name) - 1] - '0');
    const bool load = std::string(in.info->name).find("load") != std::string::npos;
    for (unsigned e = 0; e < 3; ++e) {
      WaveHarness h(g, 16);
      const uint64_t buf = h.alloc(64 * 16 + 256, "buf");
      std::vector<uint32_t> init(64 * 4 + 64);
      for (uint32_t& v : init) v = static_cast<uint32_t>(mix(seed));
      h.put(buf, init);
      const uint64_t base = buf + 64;  // room for negative offsets
      h.wave.sreg[4] = static_cast<uint32_t>(buf), h.wave.sreg[5] = static_cast<uint32_t>(buf >> 32);
      for (unsigned l = 0; l < 64; ++l) {
        const uint64_t a = base + 4ull * dwords * l;
        h.wave.v(0)[l] = static_cast<uint32_t>(a), h.wave.v(1)[l] = static_cast<uint32_t>(a >> 32);
        h.wave.v(2)[l] = static_cast<uint32_t>(a - buf);
        for (unsigned r = 4; r <= 7; ++r) h.wave.v(r)[l] = static_cast<uint32_t>(mix(seed));
        for (unsigned r = 10; r <= 13; ++r) h.wave.v(r)[l] = 0xdeadbeefu;
      }
      const uint64_t execA = e == 0 ? ~0ull : e == 1 ? 0x00ffffffffff0000ull : 0x3ull << 30;
      const unsigned k = 33;  // inside every run: B has a hole there
      INFO(gname(g) << " " << in.info->name << " EXEC 0x" << std::hex << execA);
      WaveState a = h.wave, b = h.wave;
      a.setExec(execA), b.setExec(execA & ~(1ull << k));
      AccessLog logA, logB;
      REQUIRE(gcnsim::test::runAlone(a, h.env, in, semantic(in), &logA) == StopReason::None);
      const auto memA = h.get<uint32_t>(buf, init.size());
      h.put(buf, init);
      REQUIRE(gcnsim::test::runAlone(b, h.env, in, semantic(in), &logB) == StopReason::None);
      const auto memB = h.get<uint32_t>(buf, init.size());
      CHECK(entries(logA, k) == entries(logB));
      // Lane k's dwords are the only difference: in memory for stores (A wrote them), in the
      // destination for loads (B left it alone).
      const int64_t offset = in.mem.offset;
      const uint64_t kFirst = (base + 4ull * dwords * k + offset - buf) / 4;
      for (size_t i = 0; i < init.size(); ++i) {
        const bool lanek = i >= kFirst && i < kFirst + dwords;
        INFO("dword " << std::dec << i);
        if (!load && lanek)
          CHECK(memB[i] == init[i]);
        else
          CHECK(memA[i] == memB[i]);
      }
      for (unsigned r = 0; r < 16; ++r)
        for (unsigned l = 0; l < 64; ++l)
          if (l != k || !load || r < 10) CHECK(a.v(r)[l] == b.v(r)[l]);
      if (load) {
        for (unsigned d = 0; d < dwords; ++d) {
          CHECK(b.v(10 + d)[k] == 0xdeadbeefu);
          CHECK(a.v(10 + d)[k] == (execA >> k & 1 ? init[kFirst + d] : 0xdeadbeefu));
        }
      }
    }
    // A run that reaches past the end of the buffer: the block is not entirely mapped, and
    // the per-lane path reports the first lane with an unmapped byte.
    WaveHarness h(g, 16);
    const uint64_t buf = h.alloc(256, "buf");
    for (unsigned l = 0; l < 64; ++l) {
      const uint64_t a = buf + 16 + 4ull * dwords * l;
      h.wave.v(0)[l] = static_cast<uint32_t>(a), h.wave.v(1)[l] = static_cast<uint32_t>(a >> 32);
      h.wave.v(2)[l] = static_cast<uint32_t>(a - buf);
    }
    h.wave.sreg[4] = static_cast<uint32_t>(buf), h.wave.sreg[5] = static_cast<uint32_t>(buf >> 32);
    const int64_t offset = in.mem.offset;
    unsigned first = 0;  // the first lane whose access ends past buf + 256
    while (16 + offset + int64_t(4 * dwords * (first + 1)) <= 256) ++first;
    WaveState w = h.wave;
    gcnsim::sim::PendingWrites pending;
    gcnsim::sim::Exec x(w, in, h.env, pending);
    semantic(in)(x);
    INFO(in.info->name << ": " << x.faultMessage());
    REQUIRE(x.stop() == StopReason::Fault);
    CHECK(x.faultMessage().find("lane " + std::to_string(first) + ":") != std::string::npos);
  }
}

}  // namespace

TEST_CASE("fast lanes: global/flat/buffer loads and stores of one run of lanes equal the per-lane path",
          "[vmem][fast]") {
  checkGlobal("fast_lanes_global", Gen::GCN14);
  checkGlobal("fast_lanes_flat", Gen::GCN12);
  checkGlobal("fast_lanes_buffer", Gen::GCN10);
}
