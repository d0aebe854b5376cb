// The memory pipes (sim/timing/memory_pipes.hpp) on their own: completion
// times, counter amounts and the per-wave ordering rules, from hand-made
// access logs. Expected numbers come from the config defaults (GpuConfig{}).
// Whole-model latency tests (a wave sees the result at latency, not before)
// are timing_memory_test.cpp and timing_lgkm_test.cpp.
#include <catch2/catch.hpp>
#include <string_view>

#include "isa/table.hpp"
#include "sim/timing/memory_pipes.hpp"

using namespace gcnsim;
using sim::AccessLog;
using sim::AccessSpace;
using sim::timing::GpuConfig;
using sim::timing::MemoryPipes;
using sim::timing::MemRequest;
using sim::timing::OpTiming;
using sim::timing::WaveMemOrder;
using sim::trace::MemKind;
using sim::trace::MemOp;

namespace {

constexpr isa::Gen kGen = isa::Gen::GCN14;

OpTiming opOf(std::string_view name, const GpuConfig& cfg) {
  const isa::OpInfo* op = isa::findOpByName(name, kGen);
  REQUIRE(op != nullptr);
  return sim::timing::classifyOp(*op, cfg.issue);
}

// An instruction with (or without) a destination and store data, GDS bit.
isa::DecodedInst inst(bool dst, bool data, bool gds = false) {
  isa::DecodedInst in;
  if (dst) in.dst.kind = isa::OpdKind::VReg;
  if (data) in.data0.kind = isa::OpdKind::VReg;
  in.mem.gds = gds;
  return in;
}

void add(AccessLog& log, uint64_t addr, uint32_t bytes, uint8_t lane, AccessSpace space) {
  log.addr[log.count] = addr;
  log.bytes[log.count] = bytes;
  log.lane[log.count] = lane;
  log.space[log.count] = space;
  log.ldsCount += space == AccessSpace::Lds;  // as Exec::recordAccess keeps it
  ++log.count;
}

// A wave64 dword access per lane at base + lane * stride.
AccessLog lanes(uint64_t base, uint32_t stride, AccessSpace space) {
  AccessLog log;
  for (uint8_t l = 0; l < 64; ++l) add(log, base + uint64_t(l) * stride, 4, l, space);
  return log;
}

AccessLog one(uint64_t addr, uint32_t bytes = 4) {
  AccessLog log;
  add(log, addr, bytes, 0, AccessSpace::Global);
  return log;
}

}  // namespace

TEST_CASE("memory pipes: LDS read at lds.latency, the CU's pipe takes one instruction at a time",
          "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  const OpTiming read = opOf("ds_read_b32", cfg);
  const AccessLog log = lanes(0, 4, AccessSpace::Lds);
  WaveMemOrder a, b, c;
  const MemRequest r = pipes.issue(0, read, inst(true, false), log, 100, a);
  CHECK(r.done == 100 + cfg.lds.latency);
  CHECK(r.kind == MemKind::Lds);
  CHECK(r.op == MemOp::Load);
  CHECK(r.amounts.vm == 0);
  CHECK(r.amounts.lgkm == 1);
  CHECK(r.conflicts == 0);
  CHECK(a.lastDsDone == r.done);
  // Another wave on the same CU, same cycle: behind the first in the pipe.
  CHECK(pipes.issue(0, read, inst(true, false), log, 100, b).done == 100 + read.pipeCycles + cfg.lds.latency);
  // On another CU: its own pipe.
  CHECK(pipes.issue(1, read, inst(true, false), log, 100, c).done == 100 + cfg.lds.latency);
}

TEST_CASE("memory pipes: LDS bank conflicts add passes and their cycles", "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  // Every lane a different dword of bank 0: 32 passes per 32 lanes, 31 extra
  // in each half; ds_read_b32 (2 pipe cycles for 2 passes) pays 1 cycle each.
  const AccessLog log = lanes(0, 4 * cfg.lds.banks, AccessSpace::Lds);
  WaveMemOrder o;
  const MemRequest r = pipes.issue(0, opOf("ds_read_b32", cfg), inst(true, false), log, 0, o);
  CHECK(r.conflicts == 62);
  CHECK(r.done == cfg.lds.latency + 62);
  sim::timing::TimingStats stats;
  pipes.collect(stats);
  CHECK(stats.ldsConflictPasses == 62);
  CHECK(stats.ldsConflictCycles == 62);
}

TEST_CASE("memory pipes: a wave's DS instructions return in order, GDS and LDS alike",
          "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  const OpTiming atomic = opOf("ds_add_u32", cfg);
  const OpTiming read = opOf("ds_read_b32", cfg);
  const AccessLog log = lanes(0, 4, AccessSpace::Lds);
  WaveMemOrder w, other;
  const MemRequest g = pipes.issue(0, atomic, inst(false, true, true), AccessLog{}, 0, w);
  CHECK(g.kind == MemKind::Gds);
  CHECK(g.op == MemOp::Store);
  CHECK(g.done == cfg.lds.gdsLatency);
  CHECK(g.amounts.lgkm == 1);
  // The LDS read would be back at 4 + latency, before the GDS op: it waits.
  REQUIRE(4 + cfg.lds.latency < cfg.lds.gdsLatency);
  const MemRequest l = pipes.issue(0, read, inst(true, false), log, 4, w);
  CHECK(l.kind == MemKind::Lds);
  CHECK(l.done == cfg.lds.gdsLatency);
  // Another wave's LDS read is not held back by this wave's GDS op.
  CHECK(pipes.issue(0, read, inst(true, false), log, 8, other).done == 8 + cfg.lds.latency);
  // And a later GDS op of the first wave is in order with its LDS op.
  CHECK(pipes.issue(0, atomic, inst(false, true, true), AccessLog{}, 10, w).done >= l.done);
}

TEST_CASE("memory pipes: SMEM through the K$ the CU shares with cus_per_cache - 1 others",
          "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  cfg.cus = 8;
  REQUIRE(cfg.kcache.cusPerCache == 4);
  MemoryPipes pipes(cfg);
  const OpTiming load = opOf("s_load_dword", cfg);
  WaveMemOrder o;
  const uint64_t hit = cfg.kcache.hitLatency, l2 = cfg.memory.l2.hitLatency, dram = cfg.memory.dramLatency;
  const MemRequest cold = pipes.issue(0, load, inst(true, false), one(0x1000), 0, o);
  CHECK(cold.done == hit + l2 + dram);
  CHECK(cold.kind == MemKind::Smem);
  CHECK(cold.op == MemOp::Load);
  CHECK(cold.amounts.lgkm == cfg.issue.smemLgkmSingle);
  CHECK(cold.amounts.vm == 0);
  // CU 3 shares CU 0's K$: a hit. CU 4 has its own K$: a miss the L2 answers.
  CHECK(pipes.issue(3, load, inst(true, false), one(0x1000), 1000, o).done == 1000 + hit);
  CHECK(pipes.issue(4, load, inst(true, false), one(0x1000), 2000, o).done == 2000 + hit + l2);
  // SMEM is out of order: a hit after a miss returns first.
  const MemRequest miss = pipes.issue(0, load, inst(true, false), one(0x8000), 3000, o);
  CHECK(pipes.issue(0, load, inst(true, false), one(0x1000), 3001, o).done < miss.done);
  // s_dcache_inv drops the lines.
  CHECK(pipes.issue(0, opOf("s_dcache_inv", cfg), inst(false, false), AccessLog{}, 4000, o).done ==
        4000 + hit);
  CHECK(pipes.issue(0, load, inst(true, false), one(0x1000), 5000, o).done == 5000 + hit + l2);
  CHECK(pipes.snapshot(0).k.misses == 3);
}

TEST_CASE("memory pipes: vector memory returns in order on VM_CNT", "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  const OpTiming load = opOf("buffer_load_dword", cfg);
  const uint64_t l1 = cfg.l1.cache.hitLatency, l2 = cfg.memory.l2.hitLatency, dram = cfg.memory.dramLatency;
  WaveMemOrder warm, w, other;
  const MemRequest first =
      pipes.issue(0, load, inst(true, false), lanes(0x10000, 4, AccessSpace::Global), 0, warm);
  CHECK(first.done == l1 + l2 + dram + 3);  // 4 lines, one a cycle
  CHECK(first.kind == MemKind::Vmem);
  CHECK(first.amounts.vm == 1);
  CHECK(first.amounts.lgkm == 0);
  const MemRequest miss = pipes.issue(0, load, inst(true, false), one(0x40000), 1000, w);
  CHECK(miss.done == 1000 + l1 + l2 + dram);
  // A hit issued after the miss returns with it, not before.
  CHECK(pipes.issue(0, load, inst(true, false), one(0x10000), 1001, w).done == miss.done);
  CHECK(w.lastVmDone == miss.done);
  // Another wave's hit does not wait.
  CHECK(pipes.issue(0, load, inst(true, false), one(0x10000), 1002, other).done == 1002 + l1);
}

TEST_CASE("memory pipes: FLAT counts on VM_CNT and LGKM_CNT, LDS-aperture FLAT leaves the VM order",
          "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  const OpTiming flat = opOf("flat_load_dword", cfg);
  REQUIRE(flat.flat);
  WaveMemOrder w;
  w.lastVmDone = 5000;
  const MemRequest lds = pipes.issue(0, flat, inst(true, false), lanes(0, 4, AccessSpace::Lds), 0, w);
  CHECK(lds.kind == MemKind::Flat);
  CHECK(lds.amounts.vm == 1);
  CHECK(lds.amounts.lgkm == 1);
  CHECK(lds.done == cfg.lds.latency);  // through the LDS pipe, ahead of the VM return at 5000
  CHECK(w.lastVmDone == 5000);
  CHECK(w.lastDsDone == 0);  // not a DS instruction
  const MemRequest global = pipes.issue(0, flat, inst(true, false), one(0x1000), 10, w);
  CHECK(global.amounts.vm == 1);
  CHECK(global.amounts.lgkm == 1);
  CHECK(global.done == 5000);  // in VM order
}

TEST_CASE("memory pipes: messages, exports, L1 invalidation, other kinds are not memory operations",
          "[sim][timing][memory_pipes]") {
  GpuConfig cfg;
  MemoryPipes pipes(cfg);
  WaveMemOrder w;
  const MemRequest msg = pipes.issue(0, opOf("s_sendmsg", cfg), inst(false, false), AccessLog{}, 7, w);
  CHECK(msg.kind == MemKind::Msg);
  CHECK(msg.done == 7 + cfg.issue.msgLatency);
  CHECK(msg.amounts.lgkm == 1);
  const MemRequest exp = pipes.issue(0, opOf("exp", cfg), inst(false, false), AccessLog{}, 7, w);
  CHECK(exp.kind == MemKind::Export);
  CHECK(exp.done == 7 + cfg.issue.saluCycles);
  CHECK(exp.amounts.exp == 1);
  CHECK(exp.amounts.lgkm == 0);
  const MemRequest inv = pipes.issue(0, opOf("buffer_wbinvl1", cfg), inst(false, false), AccessLog{}, 7, w);
  CHECK(inv.kind == MemKind::Vmem);
  CHECK(inv.done == 7 + cfg.l1.cache.hitLatency);
  CHECK(inv.amounts.vm == 1);
  CHECK(pipes.issue(0, opOf("v_add_f32", cfg), inst(true, false), AccessLog{}, 7, w).kind == MemKind::None);
}
