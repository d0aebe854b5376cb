// A kernel dispatch: the grid cut into workgroups and waves, each wave's
// initial register state, and the loop that runs them (functional mode).
// Callers (frontend) describe the initial state as data; this file knows
// nothing of code objects or JSON.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/exec_context.hpp"
#include "sim/functional_engine.hpp"

namespace gcnsim::sim {

// One initial SGPR value (AMDGPUUsage.rst "Initial Kernel Execution State":
// user SGPRs are the same for every wave; system SGPRs differ per wave).
struct SgprInit {
  enum Kind : uint8_t {
    Value,  // `value`, same for every wave
    WorkgroupIdX,
    WorkgroupIdY,
    WorkgroupIdZ,
    WorkgroupInfo,      // {first_wavefront, ordered_append_term, threadgroup_size_in_wavefronts}
    ScratchWaveOffset,  // byte offset of the wave's scratch from the scratch base
    ScratchWaveBaseLo,  // low/high half of (scratch base + wave offset): raw-code convenience
    ScratchWaveBaseHi,
  };
  uint16_t reg = 0;  // operand code (SGPR number, or 124 for M0, 106 for VCC, ...)
  Kind kind = Value;
  uint32_t value = 0;
};

struct VgprInit {
  enum Kind : uint8_t { Value, WorkitemIdX, WorkitemIdY, WorkitemIdZ, WorkitemIdPacked };
  uint16_t reg = 0;
  Kind kind = Value;
  uint32_t value = 0;
};

struct DispatchSpec {
  isa::Gen gen = isa::Gen::GCN14;
  uint64_t codeBase = 0, codeSize = 0;  // the code region instructions are fetched from
  // The code the kernel can reach, as [begin, end) address ranges: what
  // orderDependence decodes. Empty: all of [codeBase, codeBase + codeSize).
  std::vector<std::pair<uint64_t, uint64_t>> reachableCode;
  uint64_t entryPc = 0;
  std::array<uint32_t, 3> grid{1, 1, 1};        // work-items per dimension (HSA grid size)
  std::array<uint32_t, 3> workgroup{64, 1, 1};  // work-items per workgroup
  uint32_t vgprs = 256;                         // VGPRs allocated to each wave
  uint32_t numSgprs = 104;                      // SGPRs allocated to each wave (104: all of them)
  uint32_t ldsBytes = 0;                        // LDS per workgroup (static + dynamic)
  uint32_t scratchBytesPerLane = 0;             // private segment size per work-item
  uint64_t scratchBase = 0;                     // backing memory: waves' scratch at scratchBase + wave offset
  uint32_t mode = 0;                            // initial MODE register (float round/denorm modes)
  std::vector<SgprInit> sgprs;
  std::vector<VgprInit> vgprsInit;
};

struct DispatchStats {
  // Workgroups that finished (a run that stops early: not the one that stopped it), waves started,
  // wave-instructions executed (a faulting one too), in both engines.
  uint64_t workgroups = 0, waves = 0, instructions = 0;
  // Executions per isa::allOps() row (DecodedInst::opIndex).
  std::vector<uint64_t> opCounts;
  // Functional mode: threads that ran workgroups, and why only one when the
  // kernel's results could depend on the workgroup order (sim/order_dependence.hpp).
  unsigned threads = 1;
  std::string singleThreadReason;
};

// Number of waves in a workgroup of the given size (64 lanes each).
uint32_t wavesPerWorkgroup(const std::array<uint32_t, 3>& wg);
// Workgroups per grid dimension (the last one in a dimension may be partial).
std::array<uint32_t, 3> workgroupCounts(const DispatchSpec& d);
// Waves in all workgroups whose flat index (x fastest) is below `index`:
// the first waveId of workgroup `index`, whatever order workgroups run in.
uint64_t wavesBeforeWorkgroup(const DispatchSpec& d, uint64_t index);
// Bytes of scratch backing memory the functional engine needs: one workgroup
// per thread.
uint64_t functionalScratchBytes(const DispatchSpec& d, unsigned threads = 1);

// Initial state of wave `waveInGroup` of workgroup `wgId` (HSA partial
// workgroups at the grid edge: the last workgroup in a dimension is smaller
// and only its live work-items get EXEC bits).
WaveState makeWave(const DispatchSpec& d, const std::array<uint32_t, 3>& wgId, uint32_t waveInGroup,
                   uint32_t scratchSlot);
// The same state written into `w`, whatever it held (its VGPR file's
// storage is reused: no allocation when it is large enough).
void initWave(WaveState& w, const DispatchSpec& d, const std::array<uint32_t, 3>& wgId, uint32_t waveInGroup,
              uint32_t scratchSlot);

// Sets what a code cache of `d` needs beside its code region: the entry (CodeImage::setEntry) and the
// waves' SGPR allocation (CodeImage::setSgprs).
void setDispatch(CodeImage& code, const DispatchSpec& d);

// Whether the results of `d` could depend on the order of its workgroups
// (sim/order_dependence.hpp), from the code it can reach (d.reachableCode) as
// `mem` holds it: "" or why, naming the first such instruction.
std::string orderDependence(const DispatchSpec& d, const memory::GlobalMemory& mem);

// Runs the whole dispatch in functional mode on up to `threads` threads
// (the scratch backing at d.scratchBase must hold functionalScratchBytes(d,
// threads)). `env` must have global memory (and GDS) set; LDS is created per
// workgroup. Results, statistics and fault messages are the same for any
// thread count:
//  - A kernel whose results could depend on the workgroup order
//    (workgroupOrderDependence) runs on one thread, workgroup after
//    workgroup, with GWS parking, under one budget of maxInstructions.
//  - Any other kernel: threads take workgroups in index order; each
//    workgroup may run maxInstructions, and the dispatch stops at the first
//    workgroup in index order that faults, uses up its budget, or brings the
//    instructions of workgroups 0..it above maxInstructions.
// With `control`, the run publishes its progress there and ends with
// RunStatus::Interrupted once control->stop is set (stats then count the
// workgroups that ran).
RunStatus runFunctional(const DispatchSpec& d, ExecEnv& env, uint64_t maxInstructions, DispatchStats& stats,
                        unsigned threads = 1, RunControl* control = nullptr);

}  // namespace gcnsim::sim
