// What a semantic function sees: the wave, the decoded instruction, the
// memories, and a place to report control flow, faults and late register
// writes. Semantics never see cycles; the engines (functional or timing) call
// them and decide when their effects become visible.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "isa/decoded.hpp"
#include "sim/inst_observer.hpp"
#include "sim/operand_access.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::memory {
class GlobalMemory;
class Lds;
class Gds;
}  // namespace gcnsim::memory

namespace gcnsim::sim {

// Shared by all waves of a dispatch (plus the workgroup's LDS).
struct ExecEnv {
  memory::GlobalMemory* global = nullptr;
  memory::Lds* lds = nullptr;  // the current workgroup's LDS
  memory::Gds* gds = nullptr;
  uint32_t ldsBytes = 0;  // LDS allocated to the workgroup
  SpecialValues special;  // flat apertures (SRC_SHARED_BASE... on GCN 1.4; amd_queue_t on GCN 1.1/1.2)
  // SH_HIDDEN_PRIVATE_BASE_VIMID: base of the scratch backing memory; GCN 1.1/1.2
  // FLAT_SCRATCH holds wave offsets relative to it (AMDGPUUsage.rst "Flat Scratch").
  uint64_t hiddenPrivateBase = 0;
  // SH_MEM_CONFIG.ALIGNMENT_MODE: UNALIGNED (true) for code objects, as the
  // ROCm driver runs every HSA process; DWORD, the seed's rounding of buffer
  // addresses, for raw code (memory/buffer_address.cpp alignForAccess).
  bool unalignedBuffers = false;
  uint64_t clock = 0;     // s_memtime: cycle count (timing) or instructions issued (functional)
  uint64_t realtime = 0;  // s_memrealtime: a constant-rate counter
  // The message of the last Exec::fault (a fault stops the dispatch, so one
  // slot serves; kept here so that an Exec holds no std::string of its own).
  std::string faultMessage;
  // Optional: sees every executed instruction (sim/inst_observer.hpp, the checker).
  InstObserver* observer = nullptr;
};

// Register writes whose data arrives from memory. The functional engine
// applies them right after the instruction; the timing model holds them until
// the data returns, so a read before the matching s_waitcnt sees the old value.
struct PendingWrites {
  static constexpr unsigned kMaxSgprs = 16, kMaxVgprs = 8;
  bool hasSgpr = false, hasVgpr = false;
  uint16_t sgprFirst = 0, vgprFirst = 0;
  uint8_t sgprCount = 0, vgprCount = 0;
  uint64_t vgprLanes = 0;  // lanes whose registers are written
  std::array<uint32_t, kMaxSgprs> sgprData{};
  // [dword * 64 + lane]. Not initialised: a semantic writes every row and
  // lane it declares (deferVgprs) before applyTo reads them, and a pooled
  // PendingWrites is reused without clearing anyway. Left uninitialised, the
  // timing model's pool (CuGroup::takePw) does not write 2 KB per entry of
  // which a one-dword load uses 256 bytes.
  std::array<uint32_t, kMaxVgprs * kWaveSize> vgprData;

  void clear() { hasSgpr = hasVgpr = false; }
  void applyTo(WaveState& w) const;
};

// Addresses an instruction touched, for the timing model's cache, bank and
// coalescing models: every memory instruction reports each access of each
// lane once (an atomic's read-modify-write is one access), in lane order, so
// the timing model never computes an address a second time. Semantics report
// accesses through Exec::recordAccess; the functional engine passes no log,
// so recording costs a null check.
enum class AccessSpace : uint8_t { Global, Lds };  // Global: global memory and scratch backing
struct AccessLog {
  static constexpr unsigned kMax = 4 * 64;  // e.g. 64 lanes x 4 dwords
  unsigned count = 0;
  bool overflow = false;
  // Lane accesses a buffer instruction dropped in the range check (seed 001:
  // reads 0, writes ignored), for the checker's bounds check.
  uint32_t clipped = 0;
  unsigned ldsCount = 0;  // entries in AccessSpace::Lds
  std::array<uint64_t, kMax> addr{};
  std::array<uint32_t, kMax> bytes{};
  std::array<uint8_t, kMax> lane{};
  std::array<AccessSpace, kMax> space{};
  // A DS instruction with every lane active may leave its addresses as the
  // semantic's rows instead of entries (memory::LdsRows: dsRows rows of 64
  // lane addresses, dsRowBytes each; the entries stay unwritten until
  // expandKept), if the engine set rowsOk: the timing model does when its
  // only reader of the log is the LDS bank model (MemoryPipes; not traced,
  // not checked). dsRows 0: the log is its entries.
  bool rowsOk = false;
  uint8_t dsRows = 0;
  uint32_t dsRowBytes = 0;
  std::array<std::array<uint32_t, 64>, 2> dsRow{};
  // Likewise (rowsOk), an instruction whose accesses so far are all runs of
  // consecutive dwords (Exec::recordRun) keeps them as runs: vmRuns of them,
  // up to kMaxRuns; the entries stay unwritten until expandKept.
  struct Run {
    uint64_t start;
    uint8_t firstLane, lanes, dwordsPerLane;
  };
  static constexpr unsigned kMaxRuns = 8;
  uint8_t vmRuns = 0;
  std::array<Run, kMaxRuns> run{};
  void clear() { count = 0, overflow = false, clipped = 0, ldsCount = 0, dsRows = 0, vmRuns = 0; }
  // Writes the entries of the kept rows or runs (then dsRows and vmRuns are 0); nothing if none are kept.
  void expandKept();
  // One entry; false (and overflow set) when the log is full.
  bool push(uint64_t address, uint32_t size, unsigned laneId, AccessSpace where) {
    if (dsRows | vmRuns) [[unlikely]]
      expandKept();
    if (count == kMax) {
      overflow = true;
      return false;
    }
    addr[count] = address;
    bytes[count] = size;
    lane[count] = static_cast<uint8_t>(laneId);
    space[count] = where;
    ldsCount += where == AccessSpace::Lds;
    ++count;
    return true;
  }
  // Exec::recordDsLanes/recordDsPairs (a1: null for a single address).
  void appendDsLanes(const uint32_t* a0, const uint32_t* a1, uint64_t exec, uint32_t bytes);
  // Exec::recordRun.
  void appendRun(uint64_t start, unsigned firstLane, unsigned lanes, unsigned dwordsPerLane);
};

enum class StopReason : uint8_t {
  None,
  EndProgram,  // s_endpgm
  Barrier,     // s_barrier: wait for the rest of the workgroup
  Fault,       // memory fault, s_trap, unsupported instruction, ...
  Wait,        // GWS: the instruction cannot complete yet; retry it later (pc unchanged, not counted)
};

class Exec {
 public:
  Exec(WaveState& w, const isa::DecodedInst& in, ExecEnv& env, PendingWrites& pending)
      : w(w), in(in), env(env), pending(pending) {}

  WaveState& w;
  const isa::DecodedInst& in;
  ExecEnv& env;
  PendingWrites& pending;

  // Control flow. By default the engine advances pc by the instruction size.
  void jump(uint64_t target) { branched_ = true, target_ = target; }
  void endProgram() { stop_ = StopReason::EndProgram; }
  void barrier() { stop_ = StopReason::Barrier; }
  // The instruction must wait for other waves (GWS semaphore or barrier): it
  // had no effect, and the engine runs it again once something may have changed.
  void waitAndRetry() { stop_ = StopReason::Wait; }
  // A fault stops the dispatch; the engine reports wave, PC and instruction.
  void fault(std::string message) {
    stop_ = StopReason::Fault;
    env.faultMessage = std::move(message);
  }

  // Whether VGPRs reg..reg+n-1 are in the wave's allocation; if not, a fault naming the instruction,
  // the operand (`what`, e.g. "address"; null: none) and the registers.
  bool vgprsPresent(unsigned reg, unsigned n, const char* what = nullptr) {
    if (reg + n <= w.numVgprs) return true;
    faultGprsMissing('v', reg, n, what, w.numVgprs);
    return false;
  }
  // The same for SGPRs reg..reg+n-1 (register numbers, not operand codes) against w.numSgprs.
  bool sgprsPresent(unsigned reg, unsigned n, const char* what = nullptr) {
    if (reg + n <= w.numSgprs) return true;
    faultGprsMissing('s', reg, n, what, w.numSgprs);
    return false;
  }

  // Late register writes (loads, atomics with return). The returned buffer
  // is filled by the semantic: for SGPRs data[i], for VGPRs data[d * 64 + lane].
  uint32_t* deferSgprs(uint16_t first, uint8_t count);
  uint32_t* deferVgprs(uint16_t first, uint8_t count, uint64_t lanes);

  // Reports one memory access (address space is implied by the instruction).
  void recordAccess(uint64_t address, uint32_t size, unsigned laneId = 0,
                    AccessSpace space = AccessSpace::Global) {
    if (log) log->push(address, size, laneId, space);
  }
  // A data-share access (LDS, or GDS when the instruction's GDS bit is set).
  void recordDsAccess(uint32_t address, uint32_t size, unsigned laneId) {
    recordAccess(address, size, laneId, AccessSpace::Lds);
  }
  // The data-share accesses of a whole instruction, `bytes` each, for the
  // lanes of `exec` in lane order: a[l] (single address), or a0[l] then a1[l]
  // (two addresses). The same entries as recordDsAccess lane by lane, written
  // as whole rows when every lane is active.
  void recordDsLanes(const uint32_t* a, uint64_t exec, uint32_t bytes) {
    if (log) log->appendDsLanes(a, nullptr, exec, bytes);
  }
  void recordDsPairs(const uint32_t* a0, const uint32_t* a1, uint64_t exec, uint32_t bytes) {
    if (log) log->appendDsLanes(a0, a1, exec, bytes);
  }
  // Global accesses of a run of lanes firstLane.. firstLane + lanes - 1,
  // `dwordsPerLane` dwords each, back to back from `start` (lane firstLane + i's
  // dword d at start + 4 * (dwordsPerLane * i + d)): recordAccess's entries,
  // one a dword, written as whole rows.
  void recordRun(uint64_t start, unsigned firstLane, unsigned lanes, unsigned dwordsPerLane) {
    if (log) log->appendRun(start, firstLane, lanes, dwordsPerLane);
  }
  AccessLog* log = nullptr;  // set by the timing engine

  uint64_t nextPc() const { return w.pc + in.bytes(); }
  bool branched() const { return branched_; }
  uint64_t branchTarget() const { return target_; }
  StopReason stop() const { return stop_; }
  const std::string& faultMessage() const { return env.faultMessage; }

 private:
  // file: 'v' or 's'; have: the wave's registers of that file.
  void faultGprsMissing(char file, unsigned reg, unsigned n, const char* what, unsigned have);
  bool branched_ = false;
  uint64_t target_ = 0;
  StopReason stop_ = StopReason::None;
};

}  // namespace gcnsim::sim
