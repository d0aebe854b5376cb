// LDS timing: the bank-conflict model and the CU's LDS pipeline. Holds no data.
//
// Banks (reference/clrx/GcnTimings.md, "About bank conflicts"): "The LDS
// memory is partitioned in 32 banks. The bank number is in bits 2-6 of the
// address. A bank conflict occurs when two addresses hit the same bank, but
// the addresses are different" -- lanes reading the same dword are served
// together (broadcast, free).
//
// Pass rule (LdsBankModel): a pass takes 128 bytes of lanes' data -- 32
// banks x 4 bytes, AMD's LDS bandwidth of 128 bytes per clock per CU and the
// geometry GcnTimings' DS costs were measured with. An access of D dwords per
// lane (1 for b32 and sub-dword, 2 for b64, 4 for b96 and b128: GcnTimings
// gives ds_read_b96 the throughput of ds_read_b128) is served 32 / D lanes
// per pass: lanes 0..32/D-1 in the first, and so on (a wave64 ds_read_b32
// takes two passes, ds_read_b64 four, ds_read_b128 eight) -- the
// instruction's width decides the lanes of a pass, not lds.banks (AMD APP
// OpenCL guide 6.2: threads 0-31 and 32-63 are checked for conflicts). A
// two-address instruction (read2/write2/wrxchg2, the SRC2 atomics) is served
// as two such accesses, the first address of every lane, then the second.
// Within a pass each of the lds.banks banks serves one lds.bank_bytes word; a
// bank asked for k distinct words takes k passes, k - 1 of them extra. So
// consecutive float2/float4 per work-item (AMD OpenCL optimisation guide:
// conflict-free) and read2 with any offsets whose single-address halves are
// conflict-free cost nothing extra; the worst case (every lane a different
// dword of one bank) takes 32 passes per 32 lanes, GcnTimings' "throughput
// can be not greater 1/32 requests per cycle". A geometry of fewer than 128
// bytes (banks x bank_bytes) makes even unit stride conflict -- 16 banks: 2
// words a bank, 1 extra pass per pass; 1 bank: every distinct word a pass,
// lanes of one word still sharing it. No access gets fewer passes as the
// banks shrink (halving them merges banks in pairs), nor as bank_bytes
// shrinks for accesses covering whole words (a word's halves go to two
// banks, both asked); a wider geometry never goes below the table's cost.
//
// LdsPipe: the CU's LDS takes one instruction at a time. An instruction
// starts at max(now, free), keeps the pipe for its pipe cycles (the inverse
// of GcnTimings' DS throughput column) plus its extra passes, each costing
// pipe cycles / passes of a conflict-free wave64, and its data is back at
// start + latency + the extra cycles. Instructions of the CU therefore
// complete in the order they reach the pipe.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "memory/timing_config.hpp"

namespace gcnsim::memory {

// One lane's access of an LDS instruction, in the order the instruction made
// them (lanes ascending; a two-address op gives each lane's first address
// before its second).
struct LdsLaneAccess {
  uint32_t addr = 0;   // byte address
  uint16_t bytes = 0;  // 1, 2, 4, 8, 12, 16
  uint8_t lane = 0;
};

// The same accesses as parallel arrays (the layout of the timing engine's
// access log, read in place): entry i is addr[i], bytes[i], lane[i].
struct LdsAccesses {
  const uint64_t* addr = nullptr;
  const uint32_t* bytes = nullptr;
  const uint8_t* lane = nullptr;
  uint32_t count = 0;
};

// A whole wave's accesses as rows (every lane active): rows[0][l] is lane
// l's address (and rows[1][l] its second, for a two-address instruction,
// else rows[1] is null), each `bytes` long -- the same accesses as the
// entries addr = rows[0][0], rows[1][0], rows[0][1], ... of lanes 0, 0, 1, ...
// (the timing engine's access log keeps a DS instruction's addresses so).
struct LdsRows {
  const uint32_t* rows[2] = {nullptr, nullptr};
  uint32_t bytes = 0;
};

class LdsBankModel {
 public:
  explicit LdsBankModel(const LdsConfig& cfg);

  struct Passes {
    uint32_t extra = 0;  // passes beyond the conflict-free ones
    uint32_t base = 0;  // passes of the same instruction for a full conflict-free wave64 in 32 x 4-byte banks
  };
  Passes passes(const LdsAccesses& accesses);
  Passes passes(const LdsRows& rows);                      // the same as passes() of its entries
  Passes passes(std::span<const LdsLaneAccess> accesses);  // copies into arrays first

 private:
  // `ascending`: the slot's lanes are strictly ascending.
  template <class Index>
  void serve(const LdsAccesses& acc, Index index, uint32_t count, bool ascending, Passes& p);
  template <bool kGcn, class Index>
  bool serveSingleWords(const LdsAccesses& acc, Index index, uint32_t count, uint32_t passShift,
                        bool ascending, Passes& p);
  // `acc()`: the accesses as entries (for the exact count of a conflict; made on demand from rows).
  template <uint32_t kPerLane, class Acc>
  Passes wholeWavePasses(const Acc& acc, const uint32_t* const* src, uint32_t shift);
  template <uint32_t kStride, class Acc>
  uint32_t passExtra(const Acc& acc, const uint32_t* src, uint32_t shift, uint32_t first, uint32_t slot);
  // The entries of `rows` in addr_, bytes_, lane_.
  LdsAccesses entriesOf(const LdsRows& rows);
  template <class Index>
  uint32_t conflictDegree(const LdsAccesses& acc, Index index, uint32_t begin, uint32_t end);
  // Dwords of lanes' data a pass serves: the default geometry's 32 banks x
  // 4 bytes, whose costs GcnTimings gives, whatever lds.banks/bank_bytes say.
  static constexpr uint32_t kPassDwords = LdsConfig{}.banks * LdsConfig{}.bankBytes / 4;
  LdsConfig cfg_;
  uint32_t bankShift_ = 2;
  // The current pass: the first dword each bank serves, valid where the
  // bank's stamp is the pass's (a new stamp frees every bank at once).
  std::vector<uint32_t> first_, stamp_;
  uint32_t pass_ = 0;
  // passExtra's recent pass shapes: 32 words relative to the first, and the
  // pass's extra passes (a cache: the answers never depend on it), direct
  // mapped by a hash of three of the words.
  struct PassShape {
    uint32_t relative[32] = {1};  // never a real shape (whose first is 0)
    uint32_t extra = 0;
  };
  static constexpr uint32_t kShapeBits = 4;
  // The entry of a shape whose words 1, 16 and 31 are a, b, c relative to its first.
  static uint32_t shapeSlot(uint32_t a, uint32_t b, uint32_t c) {
    return (((a * 0x9e3779b1u + b) * 0x85ebca77u + c) * 0xc2b2ae35u) >> (32 - kShapeBits);
  }
  std::array<PassShape, 1u << kShapeBits> shapes_{};
  std::vector<uint64_t> keys_;  // conflictDegree's scratch
  std::vector<uint32_t> slot_;  // entry indices, slot by slot, for an irregular shape
  std::vector<uint64_t> addr_;  // passes(span)'s copy
  std::vector<uint32_t> bytes_;
  std::vector<uint8_t> lane_;
};

class LdsPipe {
 public:
  explicit LdsPipe(const LdsConfig& cfg) : cfg_(cfg) {}
  // Returns when the data is back; `extraCycles`: bank-conflict passes' cost.
  uint64_t access(uint64_t now, uint32_t pipeCycles, uint32_t extraCycles);
  uint64_t gds(uint64_t now, uint32_t pipeCycles);  // GDS: own latency, in order with itself

 private:
  LdsConfig cfg_;
  uint64_t free_ = 0, gdsFree_ = 0;
};

// Cost in cycles of `p.extra` extra passes of an instruction whose
// conflict-free wave64 keeps the pipe `pipeCycles` for `p.base` passes.
inline uint32_t conflictCycles(const LdsBankModel::Passes& p, uint32_t pipeCycles) {
  if (p.extra == 0 || p.base == 0) return 0;
  return uint32_t((uint64_t(p.extra) * pipeCycles + p.base - 1) / p.base);
}

}  // namespace gcnsim::memory
