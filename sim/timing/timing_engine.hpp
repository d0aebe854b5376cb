// The cycle-approximate timing model of a GCN GPU: compute units of SIMD16
// units with wave slots, a workgroup dispatcher, per-wave wait counters, the
// K$ / LDS / GDS / vector-memory timing models.
//
// Contract:
//  - Execute at issue: an instruction's semantic function (the same SemFn
//    the functional engine calls, through the CodeCache) runs when the
//    instruction issues. What it computes never depends on timing; the
//    engine only decides when effects become visible: a load's destination
//    registers (PendingWrites) are written when its data returns, so a read
//    before the matching s_waitcnt sees the old value, as on hardware.
//  - Issue (GCN): each cycle one SIMD per CU is considered (round-robin);
//    among its waves, oldest first (higher s_setprio first), at most one
//    instruction per category issues (VALU, scalar, VMEM, LDS, GDS/export,
//    branch), each from a different wave. s_waitcnt, s_nop, s_sleep,
//    s_setprio, s_barrier and s_endpgm are handled in the instruction buffer.
//  - Counters: VM_CNT (vector memory, returns in order), LGKM_CNT (SMEM out
//    of order, LDS in order, GDS in order, messages), EXP_CNT (exports),
//    widths per generation (inst_class.hpp).
//  - Deterministic: same dispatch and config -> same cycle count, for any
//    number of threads (TimingOptions::threads; the epoch model of
//    gpu_timing.hpp).
//  - Stats are plain counters (TimingStats); printing is the frontend's job.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "memory/cache_timing.hpp"
#include "sim/dispatch.hpp"
#include "sim/run_control.hpp"
#include "sim/timing/gpu_config.hpp"
#include "sim/timing/inst_class.hpp"
#include "sim/trace/trace_sink.hpp"

namespace gcnsim::sim::timing {

struct WarmCaches;

struct TimingLimits {
  uint64_t maxCycles = uint64_t{1} << 40;
  uint64_t maxInstructions = uint64_t{1} << 34;
};

struct TimingStats {
  uint64_t cycles = 0, instructions = 0, waves = 0, workgroups = 0;
  std::vector<uint64_t> opCounts;             // per isa::allOps() row
  std::array<uint64_t, kIssueCats> issued{};  // per IssueCat
  uint64_t waitcntStalls = 0;                 // wave-turns spent in s_waitcnt
  uint64_t scoreboardStalls = 0, unitBusyStalls = 0, barrierWaits = 0;
  uint64_t ldsConflictPasses = 0;     // extra passes bank conflicts caused (memory/lds_timing.hpp)
  uint64_t ldsConflictCycles = 0;     // LDS pipe cycles they cost
  uint64_t kcachePortWaitCycles = 0;  // cycles SMEM accesses queued for a K$ port
  memory::CacheStats kcache, l1, l2;
  uint64_t dramReads = 0;
  // For reports (cheap, always counted):
  std::vector<uint64_t> cuInstructions;  // wave-instructions per CU
  uint64_t residentWaveCycles = 0;       // sum over cycles of the waves resident on the GPU
  uint64_t busyCuCycles = 0;             // sum over cycles of the CUs holding at least one wave
  uint32_t maxWavesPerSimd = 0;          // most waves resident on one SIMD at once
  uint64_t vmemLaneBytes = 0;            // bytes the active lanes of VMEM instructions asked for
  uint64_t l1Requests = 0;               // coalesced line requests into the vector L1s
  uint64_t l1Writes = 0;                 // of them, stores and atomics (written through to the L2)
  // Instructions whose semantics ran ahead of their issue (run_ahead.hpp). A
  // figure about the simulator, not the GPU: result documents leave it out,
  // so that they are the same with running ahead on or off.
  uint64_t ranAhead = 0;
  // Issue turns a SIMD took ahead of the group's cycle loop (turns_ahead.cpp): not a
  // statistic of the GPU either.
  uint64_t turnsAhead = 0;
  // Threads that ran CU groups, and why only one if more were asked for
  // (a sentence: a traced or checked run; a kernel whose results can depend
  // on workgroup order, naming the instruction).
  uint32_t threads = 1;
  std::string singleThreadReason;
};

// One issued instruction, for tests and traces.
struct IssueRecord {
  uint64_t cycle = 0;
  uint32_t waveId = 0, cu = 0, simd = 0;
  uint64_t pc = 0;
  Kind kind = Kind::Invalid;
  uint8_t vm = 0, lgkm = 0, exp = 0;  // the wave's counters right after the issue
};

// Whether timing runs run ahead by default (run_ahead.hpp): yes, unless
// GCNSIM_RUN_AHEAD=0 is in the environment (a diagnostic switch: results and
// cycles are the same either way, only the simulation's speed changes).
bool runAheadByDefault();

struct TimingOptions {
  TimingLimits limits;
  uint32_t sgprsPerWave = 104;                      // for SGPR-file allocation
  std::function<void(const IssueRecord&)> onIssue;  // optional trace hook
  // Optional event sink (traces, profiles); null: tracing costs one pointer test per event site.
  trace::TraceSink* sink = nullptr;
  // Threads running CU groups in parallel (gpu_timing.hpp); results and
  // cycles are the same for any count.
  unsigned threads = 1;
  // Optional run control: the loop publishes cycles, instructions and ended
  // workgroups there at every epoch boundary and stops
  // (RunStatus::Interrupted) once its flag is set.
  RunControl* control = nullptr;
  // Waves execute ALU instructions ahead of their issue, a few at a time
  // (run_ahead.hpp); never in a traced or checked run.
  bool runAhead = runAheadByDefault();
  // Optional cache state carried between dispatches (warm_caches.hpp): loaded
  // at the start if it holds one, saved at the end. Null: cold caches.
  WarmCaches* warm = nullptr;
};

// Runs the whole dispatch in timing mode. `env` must have global memory (and
// GDS); LDS is created per workgroup. Scratch slots: wave slot s of the GPU
// uses scratch slot s (see timingScratchSlots).
RunStatus runTiming(const DispatchSpec& d, ExecEnv& env, const GpuConfig& cfg, const TimingOptions& opt,
                    TimingStats& stats);

// Wave slots of the whole GPU: scratch backing needs this many waves' worth.
uint32_t timingScratchSlots(const GpuConfig& cfg);

// Lower-level entry for tests: runs the given waves as one workgroup on CU 0
// (waves placed on SIMDs by the dispatcher's rule unless `simdOf` names each
// wave's SIMD), with `lds` as its LDS. The waves are updated in place.
class GpuTiming;
RunStatus runWorkgroupTiming(CodeCache& code, ExecEnv& env, const GpuConfig& cfg,
                             std::vector<WaveState>& waves, const TimingOptions& opt, TimingStats& stats,
                             const std::vector<uint32_t>& simdOf = {});

}  // namespace gcnsim::sim::timing
