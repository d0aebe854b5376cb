#include "sim/dispatch.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>

#include "isa/table.hpp"
#include "memory/global_memory.hpp"
#include "memory/lds.hpp"
#include "sim/code_cache.hpp"
#include "sim/dispatch_parallel.hpp"
#include "sim/order_dependence.hpp"

namespace gcnsim::sim {
namespace {

uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// Work-items of workgroup `wgId` per dimension: the last workgroup in a
// dimension holds only what is left of the grid (HSA partial workgroups).
std::array<uint32_t, 3> actualSize(const DispatchSpec& d, const std::array<uint32_t, 3>& wgId) {
  std::array<uint32_t, 3> a{};
  for (int i = 0; i < 3; ++i) {
    const uint64_t start = static_cast<uint64_t>(wgId[i]) * d.workgroup[i];
    const uint64_t left = d.grid[i] > start ? d.grid[i] - start : 0;
    a[i] = static_cast<uint32_t>(left < d.workgroup[i] ? left : d.workgroup[i]);
  }
  return a;
}

}  // namespace

uint32_t wavesPerWorkgroup(const std::array<uint32_t, 3>& wg) {
  return ceilDiv(wg[0] * wg[1] * wg[2], kWaveSize);
}

std::array<uint32_t, 3> workgroupCounts(const DispatchSpec& d) {
  std::array<uint32_t, 3> count{};
  for (int i = 0; i < 3; ++i) count[i] = ceilDiv(d.grid[i], d.workgroup[i]);
  return count;
}

uint64_t wavesBeforeWorkgroup(const DispatchSpec& d, uint64_t index) {
  const auto c = workgroupCounts(d);
  const auto& wg = d.workgroup;
  // Work-items of the last (possibly partial) workgroup in dimension i.
  auto last = [&](int i) -> uint64_t { return d.grid[i] - uint64_t{c[i] - 1} * wg[i]; };
  auto waves = [](uint64_t items) { return (items + kWaveSize - 1) / kWaveSize; };
  // Waves of the first n workgroups of a row (x) whose y and z sizes are ay, az.
  auto row = [&](uint64_t n, uint64_t ay, uint64_t az) {
    return std::min<uint64_t>(n, c[0] - 1) * waves(wg[0] * ay * az) +
           (n == c[0] ? waves(last(0) * ay * az) : 0);
  };
  // Waves of the first n rows of a plane whose z size is az.
  auto plane = [&](uint64_t n, uint64_t az) {
    return std::min<uint64_t>(n, c[1] - 1) * row(c[0], wg[1], az) + (n == c[1] ? row(c[0], last(1), az) : 0);
  };
  const uint64_t x = index % c[0], y = index / c[0] % c[1], z = index / (uint64_t{c[0]} * c[1]);
  uint64_t before =
      std::min<uint64_t>(z, c[2] - 1) * plane(c[1], wg[2]) + (z == c[2] ? plane(c[1], last(2)) : 0);
  if (z < c[2]) {
    const uint64_t az = z == c[2] - 1 ? last(2) : wg[2];
    before += plane(y, az);
    before += row(x, y == c[1] - 1 ? last(1) : wg[1], az);
  }
  return before;
}

uint64_t functionalScratchBytes(const DispatchSpec& d, unsigned threads) {
  return uint64_t{std::max(threads, 1u)} * wavesPerWorkgroup(d.workgroup) * d.scratchBytesPerLane * kWaveSize;
}

void reuseWorkgroupWaves(std::vector<WaveState>& waves, const DispatchSpec& d, uint32_t index,
                         uint32_t firstScratchSlot) {
  const auto count = workgroupCounts(d);
  const std::array<uint32_t, 3> id{index % count[0], index / count[0] % count[1],
                                   index / (count[0] * count[1])};
  const auto a = actualSize(d, id);
  const uint32_t n = ceilDiv(a[0] * a[1] * a[2], kWaveSize);
  const uint64_t firstWaveId = wavesBeforeWorkgroup(d, index);
  waves.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    initWave(waves[i], d, id, i, firstScratchSlot + i);
    waves[i].waveId = static_cast<uint32_t>(firstWaveId + i);
    waves[i].workgroupIndex = index;
  }
}

void setDispatch(CodeImage& code, const DispatchSpec& d) {
  code.setEntry(d.entryPc);
  code.setSgprs(d.numSgprs);
}

WaveState makeWave(const DispatchSpec& d, const std::array<uint32_t, 3>& wgId, uint32_t waveInGroup,
                   uint32_t scratchSlot) {
  WaveState w;
  initWave(w, d, wgId, waveInGroup, scratchSlot);
  return w;
}

namespace {

// Row `row` of an initial VGPR holding work-item ids: lanes [0, live) get the
// ids of flat work-items flat0.. (x fastest) in a workgroup of `a` items per
// dimension, the other lanes 0. Written run by run (a run: lanes with the
// same y and z), so a lane costs a store, no division and no branch.
void fillWorkitemIds(uint32_t* row, VgprInit::Kind kind, const std::array<uint32_t, 3>& a, uint32_t flat0,
                     uint32_t live) {
  uint32_t lane = 0;
  if (live) {
    uint32_t x = flat0 % a[0], y = (flat0 / a[0]) % a[1], z = flat0 / (a[0] * a[1]);
    while (lane < live) {
      const uint32_t run = std::min(a[0] - x, live - lane);
      uint32_t* out = row + lane;
      switch (kind) {
        case VgprInit::WorkitemIdX:
          for (uint32_t k = 0; k < run; ++k) out[k] = x + k;
          break;
        case VgprInit::WorkitemIdY: std::fill_n(out, run, y); break;
        case VgprInit::WorkitemIdZ: std::fill_n(out, run, z); break;
        case VgprInit::WorkitemIdPacked: {
          const uint32_t yz = y << 10 | z << 20;
          for (uint32_t k = 0; k < run; ++k) out[k] = (x + k) | yz;
          break;
        }
        case VgprInit::Value: break;
      }
      lane += run;
      x = 0;
      if (++y == a[1]) y = 0, ++z;
    }
  }
  std::fill(row + lane, row + kWaveSize, 0u);
}

}  // namespace

// Called for every wave of a dispatch (in timing mode on a slot the last wave
// left dirty), so it writes what the state must hold and nothing twice: the
// VGPR file is cleared once, the initial registers are written row by row.
void initWave(WaveState& w, const DispatchSpec& d, const std::array<uint32_t, 3>& wgId, uint32_t waveInGroup,
              uint32_t scratchSlot) {
  // A fresh state in place (no temporary to copy from), in the VGPR storage the last wave left.
  std::vector<uint32_t> vgprStorage = std::move(w.vgpr);
  std::destroy_at(&w);
  std::construct_at(&w);
  w.vgpr = std::move(vgprStorage);
  w.gen = d.gen;
  // VGPRs start at zero, in the storage the last wave left (one memset: vector::assign on reused
  // storage zeroes element by element).
  w.numSgprs = std::min(d.numSgprs, isa::numSgprs(d.gen));
  w.numVgprs = d.vgprs;
  w.vgpr.resize(size_t{d.vgprs} * kWaveSize);
  if (!w.vgpr.empty()) std::memset(w.vgpr.data(), 0, w.vgpr.size() * sizeof(uint32_t));
  w.pc = d.entryPc;
  w.hw.mode = d.mode;
  w.workgroupId = wgId;
  w.waveInGroup = waveInGroup;

  const auto a = actualSize(d, wgId);
  const uint32_t items = a[0] * a[1] * a[2];
  const uint32_t wavesHere = ceilDiv(items, kWaveSize);
  const uint32_t scratchOffset = scratchSlot * d.scratchBytesPerLane * kWaveSize;
  w.scratchBase = d.scratchBase + scratchOffset;
  w.scratchBytesPerLane = d.scratchBytesPerLane;

  // Lanes [0, live) hold flat work-items waveInGroup * 64 + lane.
  const uint32_t flat0 = waveInGroup * kWaveSize;
  const uint32_t live = items > flat0 ? std::min(items - flat0, kWaveSize) : 0;
  w.setExec(live == kWaveSize ? ~uint64_t{0} : (uint64_t{1} << live) - 1);

  for (const SgprInit& s : d.sgprs) {
    uint32_t v = s.value;
    switch (s.kind) {
      case SgprInit::Value: break;
      case SgprInit::WorkgroupIdX: v = wgId[0]; break;
      case SgprInit::WorkgroupIdY: v = wgId[1]; break;
      case SgprInit::WorkgroupIdZ: v = wgId[2]; break;
      case SgprInit::WorkgroupInfo:
        // {first_wavefront[31], 14'b0, ordered_append_term[16:6], threadgroup_size_in_wavefronts[5:0]}
        v = (waveInGroup == 0 ? 1u << 31 : 0u) | (wavesHere & 0x3f);
        break;
      case SgprInit::ScratchWaveOffset: v = scratchOffset; break;
      case SgprInit::ScratchWaveBaseLo: v = static_cast<uint32_t>(w.scratchBase); break;
      case SgprInit::ScratchWaveBaseHi: v = static_cast<uint32_t>(w.scratchBase >> 32); break;
    }
    if (s.reg < kScalarFileSize) w.sreg[s.reg] = v;
  }
  for (const VgprInit& vi : d.vgprsInit) {
    if (vi.reg >= w.numVgprs) continue;
    uint32_t* row = w.v(vi.reg);
    if (vi.kind == VgprInit::Value)
      std::fill_n(row, kWaveSize, vi.value);
    else
      fillWorkitemIds(row, vi.kind, a, flat0, live);
  }
}

namespace {

// Workgroup after workgroup on this thread, with GWS parking, under one budget.
RunStatus runSerial(const DispatchSpec& d, ExecEnv& env, uint64_t maxInstructions, DispatchStats& stats,
                    RunControl* control) {
  CodeCache code(d.gen, *env.global, d.codeBase, d.codeSize);
  setDispatch(code, d);
  FunctionalEngine engine(code, env);
  engine.controlledBy(control);
  stats.opCounts.assign(isa::allOps().size(), 0);
  engine.countInstructionsInto(&stats.opCounts);
  const std::array<uint32_t, 3> count = workgroupCounts(d);
  const uint32_t total = count[0] * count[1] * count[2];
  uint64_t budget = maxInstructions;
  uint32_t next = 0;
  // Workgroups run one after another. One whose waves all wait on GWS (a
  // semaphore or barrier only other workgroups can release) is parked and
  // resumed after the others have run; if a whole round over the parked ones
  // makes no progress and none is left to start, that is a deadlock.
  // Scratch backing holds one workgroup (functionalScratchBytes), so a parked
  // workgroup keeps a copy of its scratch and puts it back when it resumes.
  struct Workgroup {
    std::vector<WaveState> waves;
    std::unique_ptr<memory::Lds> lds;
    std::vector<uint8_t> scratch;
  };
  const uint64_t scratchBytes = functionalScratchBytes(d);
  std::deque<Workgroup> parked;
  Workgroup spare;  // the last finished workgroup's wave states and LDS: the next fresh one's, made fresh
  size_t idleResumes = 0;
  while (next < total || !parked.empty()) {
    Workgroup wg;
    const bool fresh = next < total;
    if (fresh) {
      wg.waves = std::move(spare.waves);
      wg.lds = std::move(spare.lds);
      reuseWorkgroupWaves(wg.waves, d, next++, 0);
      reuseWorkgroupLds(wg.lds, d);
      clearWorkgroupScratch(d, 0, *env.global);
      stats.waves += wg.waves.size();
    } else {
      wg = std::move(parked.front());
      parked.pop_front();
      if (!wg.scratch.empty()) env.global->write(d.scratchBase, wg.scratch.data(), wg.scratch.size());
    }
    env.lds = wg.lds.get();
    env.ldsBytes = d.ldsBytes;
    const uint64_t before = budget;
    bool blocked = false;
    RunStatus st = engine.runWorkgroup(wg.waves, budget, &blocked);
    env.lds = nullptr;
    stats.instructions += before - budget;
    if (!st.ok()) return st;
    if (!blocked) {
      ++stats.workgroups;  // finished ones, as the timing model counts
      if (control) control->add(control->workgroupsDone, 1);
      idleResumes = 0;
      spare.waves = std::move(wg.waves);
      spare.lds = std::move(wg.lds);
      continue;
    }
    idleResumes = (fresh || budget != before) ? 0 : idleResumes + 1;
    if (next >= total && idleResumes > parked.size()) {
      for (const WaveState& w : wg.waves)
        if (w.status == WaveStatus::Running)
          return {RunStatus::Fault, engine.describe(w) + ": deadlock: every remaining wave waits on GWS"};
    }
    if (scratchBytes) {
      wg.scratch.resize(scratchBytes);
      env.global->read(d.scratchBase, wg.scratch.data(), scratchBytes);
    }
    parked.push_back(std::move(wg));
  }
  return {};
}

}  // namespace

void reuseWorkgroupLds(std::unique_ptr<memory::Lds>& lds, const DispatchSpec& d) {
  memory::freshLds(lds, d.ldsBytes);
}

void clearWorkgroupScratch(const DispatchSpec& d, uint32_t firstSlot, memory::GlobalMemory& mem) {
  const uint64_t perWave = uint64_t{d.scratchBytesPerLane} * kWaveSize;
  const uint64_t bytes = perWave * wavesPerWorkgroup(d.workgroup);
  if (bytes == 0) return;
  static constexpr uint8_t kZeros[4096] = {};
  const uint64_t base = d.scratchBase + perWave * firstSlot;
  for (uint64_t off = 0; off < bytes; off += sizeof kZeros)
    mem.write(base + off, kZeros, std::min<uint64_t>(sizeof kZeros, bytes - off));
}

std::string orderDependence(const DispatchSpec& d, const memory::GlobalMemory& mem) {
  std::vector<std::pair<uint64_t, uint64_t>> ranges = d.reachableCode;
  if (ranges.empty()) ranges.emplace_back(d.codeBase, d.codeBase + d.codeSize);
  std::vector<uint32_t> code;
  for (const auto& [begin, end] : ranges) {
    code.resize((end - begin) / 4);
    if (!code.empty() && !mem.read(begin, code.data(), code.size() * 4)) code.clear();
    if (std::string why = workgroupOrderDependence(d.gen, code, begin); !why.empty()) return why;
  }
  return "";
}

RunStatus runFunctional(const DispatchSpec& d, ExecEnv& env, uint64_t maxInstructions, DispatchStats& stats,
                        unsigned threads, RunControl* control) {
  stats.singleThreadReason = orderDependence(d, *env.global);
  if (!stats.singleThreadReason.empty()) {
    stats.threads = 1;
    return runSerial(d, env, maxInstructions, stats, control);
  }
  // An observer (the checker, sim/inst_observer.hpp) is not shared between threads.
  if (env.observer) threads = 1;
  return runParallel(d, env, maxInstructions, std::max(threads, 1u), stats, control);
}

}  // namespace gcnsim::sim
