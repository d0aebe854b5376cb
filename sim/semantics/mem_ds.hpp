// The data share a DS instruction addresses (LDS or GDS) and the M0 rules,
// shared by sim/semantics/ds_ops.cpp and ds_special.cpp.
//
// LDS (GDS bit clear): byte address into the workgroup's LDS. On GCN 1.0-1.2
// "The M0 register holds maximum size of a LDS memory, that can be accessed by
// wavefront" (seeds/004_b50c7630dc28dbb3.txt): an access is in range when it
// lies below min(M0, allocated LDS). GCN 1.4 ignores M0 for LDS (LLVM stops
// initialising M0 for LDS on gfx9): the limit is the allocation.
// GDS (GDS bit set): "M0 ... holds maximum size of a GDS memory in bits 0-15
// ... and a GDS base offset (in bytes) in bits 16-31" (clrx GcnInstrsDs.md),
// applied by memory::Gds::readM0/writeM0.
// Out of range: reads give 0, writes are dropped (memory/data_share.hpp). A
// multi-dword access (B64/B96/B128) is checked per dword.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>

#include "memory/gds.hpp"
#include "memory/lds.hpp"
#include "sim/exec_context.hpp"

namespace gcnsim::sim::mem {

struct DsSpace {
  memory::DataShare* share = nullptr;
  memory::Gds* gds = nullptr;  // set when the GDS bit selects the M0 window
  uint32_t limit = memory::DataShare::kNoLimit;
  uint32_t m0 = 0;

  template <class T>
  T load(uint32_t a) const {
    T v{};
    if (gds)
      gds->readM0(a, &v, sizeof(T), m0);
    else
      share->read(a, &v, sizeof(T), limit);
    return v;
  }
  template <class T>
  void store(uint32_t a, T v) const {
    if (gds)
      gds->writeM0(a, &v, sizeof(T), m0);
    else
      share->write(a, &v, sizeof(T), limit);
  }
  // Dword-granular multi-dword access (each dword range checked on its own).
  uint32_t loadDword(uint32_t a) const { return load<uint32_t>(a); }
  void storeDword(uint32_t a, uint32_t v) const { store<uint32_t>(a, v); }
  template <class T>
  T loadWide(uint32_t a) const {
    if constexpr (sizeof(T) == 8)
      return T(uint64_t(load<uint32_t>(a)) | uint64_t(load<uint32_t>(a + 4)) << 32);
    else
      return load<T>(a);
  }
  template <class T>
  void storeWide(uint32_t a, T v) const {
    if constexpr (sizeof(T) == 8) {
      store<uint32_t>(a, uint32_t(v));
      store<uint32_t>(a + 4, uint32_t(uint64_t(v) >> 32));
    } else {
      store<T>(a, v);
    }
  }
};

// The space of the current instruction; faults (and returns false) when the
// environment has no LDS/GDS.
inline bool dsSpace(Exec& x, DsSpace& s) {
  const uint32_t m0 = x.w.m0();
  s.m0 = m0;
  if (x.in.mem.gds) {
    if (!x.env.gds) {
      x.fault(std::string(x.in.info->name) + ": GDS access but no GDS in this dispatch");
      return false;
    }
    s.share = x.env.gds;
    s.gds = x.env.gds;
    return true;
  }
  if (!x.env.lds) {
    x.fault(std::string(x.in.info->name) + ": LDS access but the workgroup has no LDS");
    return false;
  }
  s.share = x.env.lds;
  s.limit = x.env.ldsBytes;
  if (x.w.gen != isa::Gen::GCN14 && m0 < s.limit) s.limit = m0;  // seed 004: M0 limit (GCN 1.0-1.2)
  return true;
}

// Fast path of the DS loops: the LDS bytes accessed without a range check, for
// an instruction whose every access was checked in range at once
// (dsLanesInRange). Same interface as DsSpace.
struct DsDirect {
  uint8_t* base;
  template <class T>
  T load(uint32_t a) const {
    T v;
    std::memcpy(&v, base + a, sizeof(T));
    return v;
  }
  template <class T>
  void store(uint32_t a, T v) const {
    std::memcpy(base + a, &v, sizeof(T));
  }
  uint32_t loadDword(uint32_t a) const { return load<uint32_t>(a); }
  void storeDword(uint32_t a, uint32_t v) const { store<uint32_t>(a, v); }
};

// Calls f(lane) for the lanes of `exec` in lane order.
template <class F>
inline void forLanes(uint64_t exec, F&& f) {
  if (exec == ~0ull) {  // every lane: a plain count, no bit scan
    for (unsigned l = 0; l < kWaveSize; ++l) f(l);
    return;
  }
  for (uint64_t rest = exec; rest; rest &= rest - 1) f(unsigned(std::countr_zero(rest)));
}

// True when `s` is LDS and the access [a[l], a[l] + bytes) of every lane of
// `exec` lies in range (the DataShare rule: a + bytes <= min(limit, size)),
// so that the lanes may use DsDirect. GDS (M0 window) always takes the
// checked path.
inline bool dsLanesInRange(const DsSpace& s, const uint32_t* a, uint64_t exec, uint32_t bytes) {
  if (s.gds) return false;
  const uint32_t size = s.share->size();
  const uint32_t bound = s.limit < size ? s.limit : size;
  if (bound < bytes) return false;
  const uint32_t limit = bound - bytes;  // the highest in-range address
  if (exec == ~0ull && limit < 0x80000000u) {
    // For limit < 2^31, a > limit iff bit 31 of a or of a + (2^31 - 1 - limit)
    // is set: an OR of 32-bit sums, which vectorizes (an unsigned compare
    // does not, before SSE4.1).
    const uint32_t shift = 0x7fffffffu - limit;
    uint32_t high = 0;
    for (unsigned l = 0; l < kWaveSize; ++l) high |= a[l] | (a[l] + shift);
    return high >> 31 == 0;
  }
  bool out = false;
  forLanes(exec, [&](unsigned l) { out |= a[l] > limit; });
  return !out;
}

// True when every lane is active and lane l's address is a[0] + step * l.
inline bool dsConsecutive(const uint32_t* a, uint64_t exec, uint32_t step) {
  if (exec != ~0ull) return false;
  const uint32_t a0 = a[0];
  uint32_t differ = 0;  // an OR of differences: vectorizes
  for (unsigned l = 0; l < kWaveSize; ++l) differ |= a[l] ^ (a0 + step * l);
  return differ == 0;
}

// The 16-bit OFFSET of single-address DS ops; OFFSET0/OFFSET1 of the
// two-address ops are mem.offset/mem.offset1 (isa/memory_fields.hpp).
inline uint32_t dsOffset(const Exec& x) { return uint32_t(x.in.mem.offset) & 0xffffu; }

}  // namespace gcnsim::sim::mem
