// The timing engine's record of an instruction (sim/exec_context.hpp):
// a whole instruction's data-share accesses written at once
// (Exec::recordDsLanes/recordDsPairs) must give the entries that reporting
// them lane by lane gives (the documented log: lanes ascending, a lane's
// first address before its second, kMax entries then overflow), and the
// deferred register writes of a load (PendingWrites::applyTo) write exactly
// the active lanes of the registers that exist.
#include "sim/exec_context.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace gcnsim;
using namespace gcnsim::sim;

namespace {

struct Entry {
  uint64_t addr;
  uint32_t bytes;
  uint8_t lane;
  AccessSpace space;
  bool operator==(const Entry&) const = default;
};

std::vector<Entry> entries(const AccessLog& log) {
  std::vector<Entry> e;
  for (unsigned i = 0; i < log.count; ++i)
    e.push_back({log.addr[i], log.bytes[i], log.lane[i], log.space[i]});
  return e;
}

// The log as the rule describes it, lane by lane (a1: null for one address).
AccessLog laneByLane(const AccessLog& start, const uint32_t* a0, const uint32_t* a1, uint64_t exec,
                     uint32_t bytes) {
  AccessLog log = start;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    for (const uint32_t* a : {a0, a1}) {
      if (!a) continue;
      if (log.count == AccessLog::kMax) {
        log.overflow = true;
        continue;
      }
      log.addr[log.count] = a[l], log.bytes[log.count] = bytes, log.lane[log.count] = uint8_t(l);
      log.space[log.count++] = AccessSpace::Lds;
    }
  }
  return log;
}

struct Recorder {
  WaveState w;
  isa::DecodedInst in;
  ExecEnv env;
  PendingWrites pending;
  AccessLog log;
  Exec x{w, in, env, pending};
  Recorder() { x.log = &log; }
};

}  // namespace

TEST_CASE("access log: a whole instruction's DS accesses equal the lane-by-lane entries", "[sim][timing]") {
  uint32_t a0[kWaveSize], a1[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) a0[l] = 0x100 + 4 * l, a1[l] = 0x8000 - 8 * l;
  const uint64_t execs[] = {~0ull, 0x8000000000000001ull, 0x00ff00ff00ff00ffull, 0};
  for (uint64_t exec : execs) {
    for (unsigned before : {0u, 3u, AccessLog::kMax - 100, AccessLog::kMax}) {
      INFO("EXEC 0x" << std::hex << exec << std::dec << ", " << before << " entries before");
      Recorder single, pairs;
      for (unsigned i = 0; i < before; ++i) {
        single.x.recordAccess(0x40 * i, 4, i % 64);
        pairs.x.recordAccess(0x40 * i, 4, i % 64);
      }
      const AccessLog start = single.log;
      single.x.recordDsLanes(a0, exec, 4);
      pairs.x.recordDsPairs(a0, a1, exec, 8);
      const AccessLog expectSingle = laneByLane(start, a0, nullptr, exec, 4);
      const AccessLog expectPairs = laneByLane(start, a0, a1, exec, 8);
      CHECK(entries(single.log) == entries(expectSingle));
      CHECK(single.log.overflow == expectSingle.overflow);
      CHECK(entries(pairs.log) == entries(expectPairs));
      CHECK(pairs.log.overflow == expectPairs.overflow);
    }
  }
  // A full wave from an empty log: 64 entries (lanes 0..63), or 128 (0, 0, 1, 1, ...).
  Recorder r;
  r.x.recordDsPairs(a0, a1, ~0ull, 4);
  REQUIRE(r.log.count == 128);
  CHECK(r.log.lane[0] == 0);
  CHECK(r.log.lane[1] == 0);
  CHECK(r.log.lane[127] == 63);
  CHECK(r.log.addr[1] == 0x8000);
  CHECK(r.log.addr[126] == 0x100 + 4 * 63);
  // No log (functional mode): nothing is recorded, and nothing breaks.
  Recorder none;
  none.x.log = nullptr;
  none.x.recordDsPairs(a0, a1, ~0ull, 4);
  CHECK(none.log.count == 0);
}

// rowsOk (the timing model's untraced, unchecked runs): a full-EXEC DS
// instruction into an empty log leaves its rows, which expand -- on the next
// entry written, or by expandKept -- to exactly the entries it would have
// written; a partial EXEC or a log with entries already gets entries.
TEST_CASE("access log: a DS instruction's rows expand to its entries", "[sim][timing]") {
  uint32_t a0[kWaveSize], a1[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) a0[l] = 0x100 + 4 * l, a1[l] = 0x8000 - 8 * l;
  for (const bool two : {false, true}) {
    INFO((two ? "two addresses" : "one address"));
    Recorder plain, rows;
    rows.log.rowsOk = true;
    for (Recorder* r : {&plain, &rows})
      two ? r->x.recordDsPairs(a0, a1, ~0ull, 8) : r->x.recordDsLanes(a0, ~0ull, 4);
    CHECK(rows.log.dsRows == (two ? 2 : 1));
    CHECK(rows.log.count == plain.log.count);
    CHECK(rows.log.ldsCount == plain.log.ldsCount);
    CHECK(rows.log.dsRowBytes == (two ? 8u : 4u));
    // A further entry expands them first.
    for (Recorder* r : {&plain, &rows}) r->x.recordAccess(0x40, 4, 5);
    CHECK(rows.log.dsRows == 0);
    CHECK(entries(rows.log) == entries(plain.log));
    CHECK(rows.log.ldsCount == plain.log.ldsCount);
    // clear() drops the rows; rowsOk stays.
    rows.log.clear();
    CHECK(rows.log.count == 0);
    CHECK(rows.log.rowsOk);
  }
  Recorder partial;
  partial.log.rowsOk = true;
  partial.x.recordDsLanes(a0, 0x00ff00ff00ff00ffull, 4);
  CHECK(partial.log.dsRows == 0);
  CHECK(partial.log.count == 32);
  Recorder after;
  after.log.rowsOk = true;
  after.x.recordAccess(0x40, 4, 0);
  after.x.recordDsLanes(a0, ~0ull, 4);
  CHECK(after.log.dsRows == 0);
  CHECK(after.log.count == 65);
  // expandKept by itself.
  Recorder one;
  one.log.rowsOk = true;
  one.x.recordDsPairs(a0, a1, ~0ull, 4);
  one.log.expandKept();
  CHECK(one.log.dsRows == 0);
  REQUIRE(one.log.count == 128);
  CHECK(one.log.addr[1] == 0x8000);
  CHECK(one.log.lane[127] == 63);
  // With nothing kept, expanding changes nothing.
  one.log.expandKept();
  CHECK(one.log.count == 128);
  CHECK(one.log.addr[1] == 0x8000);
}

// rowsOk: an instruction's runs of consecutive dwords stay runs (up to
// kMaxRuns, while nothing else was written) and expand -- on any other
// write, or by expandKept -- to exactly the entries recordRun writes.
TEST_CASE("access log: runs expand to their entries", "[sim][timing]") {
  const auto record = [](Recorder& r, unsigned runs) {
    for (unsigned i = 0; i < runs; ++i) r.x.recordRun(0x1000 + 0x400 * i, 16 * (i % 4), 16, 1 + i % 3);
  };
  for (const unsigned runs : {1u, 4u, 8u, 9u}) {
    INFO(runs << " runs");
    Recorder plain, kept;
    kept.log.rowsOk = true;
    record(plain, runs);
    record(kept, runs);
    CHECK(kept.log.count == plain.log.count);
    CHECK(kept.log.vmRuns == (runs <= AccessLog::kMaxRuns ? runs : 0));  // the ninth expands them all
    kept.log.expandKept();
    CHECK(kept.log.vmRuns == 0);
    CHECK(entries(kept.log) == entries(plain.log));
    CHECK(kept.log.overflow == plain.log.overflow);
  }
  // Another write expands them first; a run after entries is entries.
  Recorder plain, kept;
  kept.log.rowsOk = true;
  for (Recorder* r : {&plain, &kept}) {
    record(*r, 2);
    r->x.recordAccess(0x40, 4, 3);
    r->x.recordRun(0x9000, 0, 64, 1);
  }
  CHECK(kept.log.vmRuns == 0);
  CHECK(entries(kept.log) == entries(plain.log));
  // Runs past kMax entries: entries and overflow, as without rowsOk.
  Recorder big, bigPlain;
  big.log.rowsOk = true;
  for (Recorder* r : {&big, &bigPlain}) {
    r->x.recordRun(0x1000, 0, 64, 4);
    r->x.recordRun(0x2000, 0, 64, 1);
  }
  CHECK(big.log.vmRuns == 0);
  CHECK(big.log.overflow);
  CHECK(entries(big.log) == entries(bigPlain.log));
}

TEST_CASE("pending writes: active lanes of the registers that exist, whole rows with full EXEC",
          "[sim][timing]") {
  for (uint64_t lanes : {~0ull, 0x0123456789abcdefull}) {
    WaveState w;
    w.resize(10);
    for (unsigned r = 0; r < 10; ++r)
      for (unsigned l = 0; l < kWaveSize; ++l) w.v(r)[l] = 1000 * r + l;
    PendingWrites p;
    p.hasVgpr = true;
    p.vgprFirst = 7;  // v7..v10: v10 does not exist, its data is dropped
    p.vgprCount = 4;
    p.vgprLanes = lanes;
    for (unsigned d = 0; d < 4; ++d)
      for (unsigned l = 0; l < kWaveSize; ++l) p.vgprData[d * kWaveSize + l] = 0xa0000 + 100 * d + l;
    p.applyTo(w);
    INFO("lanes 0x" << std::hex << lanes);
    for (unsigned r = 0; r < 10; ++r)
      for (unsigned l = 0; l < kWaveSize; ++l) {
        const bool written = r >= 7 && (lanes >> l & 1);
        CHECK(w.v(r)[l] == (written ? 0xa0000 + 100 * (r - 7) + l : 1000 * r + l));
      }
    CHECK(w.vgpr.size() == 10 * kWaveSize);
  }
  // A write that starts past the file writes nothing.
  WaveState w;
  w.resize(4);
  PendingWrites p;
  p.hasVgpr = true;
  p.vgprFirst = 4;
  p.vgprCount = 2;
  p.vgprLanes = ~0ull;
  p.applyTo(w);
  for (uint32_t v : w.vgpr) CHECK(v == 0);
}
