// FLAT (GCN 1.1+), GLOBAL and SCRATCH (GCN 1.4) semantics
// (reference/clrx/GcnInstrsFlat.md, reference/llvm/AMDGPUUsage.rst).
//
// Address generation, per lane:
//   FLAT:    VADDR(2) + OFFSET (12-bit unsigned, GCN 1.4; none before), routed
//            by the apertures (memory/apertures.hpp): LDS aperture -> LDS byte
//            address addr - SHARED_BASE (M0-limited on GCN 1.1/1.2 like DS,
//            "Flat access to LDS requires ... M0 (GFX7-GFX8)"; out of range reads
//            0 / drops writes); private aperture -> scratch offset addr -
//            PRIVATE_BASE; anything else -> global memory.
//   GLOBAL:  SADDR(2) + VADDR(1, zero-extended) + OFFSET, or VADDR(2) + OFFSET
//            with SADDR off; OFFSET is 13-bit signed. Always global memory.
//   SCRATCH: (SADDR(1) or VADDR(1) or 0) + OFFSET (13-bit signed) is the
//            per-lane scratch offset.
// Scratch layout (the MUBUF private-segment V# the dispatcher sets up:
// swizzle_enable=1, element_size=4, index_stride=64, add_tid_enable=1,
// stride = per-lane bytes; seed 001 swizzle formula with AINDEX = lane):
//   physical = WAVE_SCRATCH_BASE + (offset/4)*256 + lane*4 + offset%4
// i.e. dword k of every lane is interleaved at dword granularity, each dword
// of a multi-dword access placed on its own. WAVE_SCRATCH_BASE is FLAT_SCRATCH
// on GCN 1.4 ("Absolute flat scratch": the 64-bit wave base) and
// hiddenPrivateBase + FLAT_SCRATCH_HI*256 on GCN 1.1/1.2 ("Offset flat
// scratch", FLAT_SCRATCH_LO = per-lane size); when those registers are zero
// (a kernel without the prologue), WaveState::scratchBase is used.
// Unmapped global/scratch addresses fault with GlobalMemory::describe().
#include <bit>
#include <cstdio>

#include "memory/apertures.hpp"
#include "memory/lds.hpp"
#include "sim/semantics.hpp"
#include "sim/semantics/mem_buffer.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim::mem {
namespace {

using memory::FlatSegment;

struct FlatCtx {
  isa::Format kind = isa::Format::FLAT;
  memory::FlatApertures ap;
  uint64_t scratchBase = 0;
  uint32_t scratchLimit = 0;  // per-lane bytes, 0 = unchecked
  uint32_t ldsLimit = 0;
  uint64_t saddr = 0;
  bool hasSaddr = false;
  const uint32_t* v0 = nullptr;
  const uint32_t* v1 = nullptr;
  int64_t offset = 0;
};

struct Target {
  FlatSegment seg;
  uint64_t addr;  // global address, LDS byte address or scratch offset
};

bool flatCtx(Exec& x, FlatCtx& c) {
  if (operandsMissing(x)) return false;
  if (!x.env.global) {
    x.fault(std::string(x.in.info->name) + ": no global memory in this dispatch");
    return false;
  }
  if (x.in.mem.lds) {
    x.fault(std::string(x.in.info->name) +
            ": the lds modifier of FLAT/GLOBAL/SCRATCH is not supported by gcnsim");
    return false;
  }
  const WaveState& w = x.w;
  c.kind = x.in.info->format;
  const SpecialValues& sv = x.env.special;
  if (sv.sharedLimit != 0 || sv.privateLimit != 0)
    c.ap = {sv.sharedBase, sv.sharedLimit, sv.privateBase, sv.privateLimit};
  else
    c.ap = memory::defaultFlatApertures(w.gen);
  const unsigned fs = isa::flatScratchCode(w.gen);
  if (w.gen == isa::Gen::GCN14) {
    c.scratchBase = w.flatScratch();
    if (c.scratchBase == 0) c.scratchBase = w.scratchBase;
    c.scratchLimit = w.scratchBytesPerLane;
  } else {
    const uint64_t hi = w.sreg[fs + 1];
    c.scratchBase =
        (hi == 0 && x.env.hiddenPrivateBase == 0) ? w.scratchBase : x.env.hiddenPrivateBase + (hi << 8);
    c.scratchLimit = w.sreg[fs] ? w.sreg[fs] : w.scratchBytesPerLane;
  }
  c.ldsLimit = x.env.ldsBytes;
  if (w.gen != isa::Gen::GCN14 && w.m0() < c.ldsLimit) c.ldsLimit = w.m0();
  c.offset = x.in.mem.offset;
  if (x.in.soffset.kind == isa::OpdKind::SReg) {
    c.hasSaddr = true;
    c.saddr = c.kind == isa::Format::GLOBAL ? readScalar64(w, x.in.soffset) : readScalar32(w, x.in.soffset);
  }
  if (x.in.addr.present()) {
    c.v0 = w.v(x.in.addr.reg);
    if (x.in.addr.nregs > 1) c.v1 = w.v(x.in.addr.reg + 1);
  }
  return true;
}

Target resolve(const FlatCtx& c, unsigned l) {
  const uint64_t vaddr = c.v0 ? (c.v1 ? u64Of(c.v0[l], c.v1[l]) : c.v0[l]) : 0;
  switch (c.kind) {
    case isa::Format::GLOBAL:
      // VADDR + SADDR + INST_OFFSET (a single VGPR offset when SADDR is used)
      return {FlatSegment::Global, (c.hasSaddr ? c.saddr + uint32_t(vaddr) : vaddr) + uint64_t(c.offset)};
    case isa::Format::SCRATCH:
      // SWIZZLE(ADDR, INST_OFFSET, LANEID) with ADDR = SADDR or VADDR
      return {FlatSegment::Scratch,
              uint32_t((c.hasSaddr ? uint32_t(c.saddr) : uint32_t(vaddr)) + int32_t(c.offset))};
    default: {
      const uint64_t a = vaddr + uint64_t(c.offset);
      const FlatSegment seg = memory::classifyFlat(a, c.ap);
      if (seg == FlatSegment::Lds) return {seg, memory::flatLdsAddress(a, c.ap)};
      if (seg == FlatSegment::Scratch) return {seg, memory::flatScratchOffset(a, c.ap)};
      return {seg, a};
    }
  }
}

// "physical = WAVE_SCRATCH_BASE + (offset/4)*256 + lane*4 + offset%4"
inline uint64_t scratchAddress(const FlatCtx& c, uint32_t off, unsigned lane) {
  return c.scratchBase + uint64_t(off / 4) * 256 + lane * 4u + (off & 3);
}

bool scratchInSize(Exec& x, const FlatCtx& c, uint32_t off, uint32_t n, unsigned lane) {
  if (c.scratchLimit == 0 || (uint64_t(off) + n <= c.scratchLimit)) return true;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "%s: scratch offset 0x%x (+%u bytes, lane %u) beyond the %u-byte private segment",
                x.in.info->name, off, n, lane, c.scratchLimit);
  x.fault(buf);
  return false;
}

// Loads/stores one naturally sized value (1, 2 or 4 bytes) at target + delta.
// Returns false after a fault.
// `record`: report the access to the timing model (false for the write-back
// of an atomic, whose read reported it).
template <class T>
bool access(Exec& x, const FlatCtx& c, const Target& t, uint32_t delta, unsigned lane, T& v, bool store,
            bool record = true) {
  switch (t.seg) {
    case FlatSegment::Lds:
      if (!x.env.lds) {
        x.fault(std::string(x.in.info->name) +
                ": flat address in the LDS aperture but the workgroup has no LDS");
        return false;
      }
      if (record) x.recordDsAccess(uint32_t(t.addr) + delta, sizeof(T), lane);
      if (store)
        x.env.lds->store(uint32_t(t.addr) + delta, v, c.ldsLimit);
      else
        x.env.lds->load(uint32_t(t.addr) + delta, v, c.ldsLimit);
      return true;
    case FlatSegment::Scratch: {
      const uint32_t off = uint32_t(t.addr) + delta;
      if (!scratchInSize(x, c, off, sizeof(T), lane)) return false;
      const uint64_t a = scratchAddress(c, off, lane);
      return store ? gstore(x, a, v, lane, record) : gload(x, a, v, lane);
    }
    case FlatSegment::Global:
      return store ? gstore(x, t.addr + delta, v, lane, record) : gload(x, t.addr + delta, v, lane);
  }
  return false;
}

// A 32- or 64-bit value (64-bit as two dwords, each placed on its own).
template <class T>
bool accessWide(Exec& x, const FlatCtx& c, const Target& t, unsigned lane, T& v, bool store, bool record) {
  if constexpr (sizeof(T) == 4) {
    return access<uint32_t>(x, c, t, 0, lane, v, store, record);
  } else {
    uint32_t lo = uint32_t(v), hi = uint32_t(v >> 32);
    if (!access<uint32_t>(x, c, t, 0, lane, lo, store, record) ||
        !access<uint32_t>(x, c, t, 4, lane, hi, store, record))
      return false;
    v = u64Of(lo, hi);
    return true;
  }
}

void tfeZero(Exec& x, uint32_t* out, unsigned dataDwords) {
  if (!x.in.mem.tfe) return;
  for (unsigned l = 0; l < kWaveSize; ++l) out[dataDwords * kWaveSize + l] = 0;
}

// Fast path of the dword loads and stores (mem_common.hpp): the run of lanes
// accesses `bytes` bytes each, back to back from b.start, all in global memory
// (GlobalMemory is all-or-nothing: a block that is not entirely mapped is left
// to the per-lane loop, which reports the faulting lane). SCRATCH (swizzled)
// never qualifies, FLAT only when the block misses the LDS and private apertures.
struct Block : LaneRun {
  uint64_t start = 0;
};
bool globalBlock(const FlatCtx& c, uint64_t exec, uint32_t bytes, Block& b) {
  if (c.kind == isa::Format::SCRATCH || !c.v0 || !laneRun(exec, b)) return false;
  const bool global = c.kind == isa::Format::GLOBAL;
  if (!c.v1 || (global && c.hasSaddr)) {
    // One 32-bit VGPR, zero-extended (plus SADDR).
    if (!consecutive32(c.v0, b, bytes)) return false;
    b.start = (global && c.hasSaddr ? c.saddr : 0) + c.v0[b.first] + uint64_t(c.offset);
  } else {
    if (!consecutive64(c.v0, c.v1, b, bytes)) return false;
    b.start = u64Of(c.v0[b.first], c.v1[b.first]) + uint64_t(c.offset);
  }
  const uint64_t last = b.start + uint64_t(bytes) * b.count - 1;
  if (last < b.start) return false;  // wraps around
  if (global) return true;
  auto overlaps = [&](uint64_t lo, uint64_t hi) { return b.start <= hi && last >= lo; };
  return !overlaps(c.ap.sharedBase, c.ap.sharedLimit) && !overlaps(c.ap.privateBase, c.ap.privateLimit);
}

// *_LOAD_DWORD[XN]: VDST[i] = *(UINT32*)(ADDR + 4*i)
template <unsigned N>
void flatLoad(Exec& x) {
  FlatCtx c;
  if (!flatCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  uint32_t* out = x.deferVgprs(x.in.dst.reg, uint8_t(N + (x.in.mem.tfe ? 1 : 0)), exec);
  Block b;
  if (globalBlock(c, exec, 4 * N, b) && loadRun<N>(x, b.start, b, out)) {
    tfeZero(x, out, N);
    return;
  }
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const Target t = resolve(c, l);
    for (unsigned d = 0; d < N; ++d) {
      uint32_t v = 0;
      if (!access<uint32_t>(x, c, t, 4 * d, l, v, false)) return;
      out[d * kWaveSize + l] = v;
    }
  }
  tfeZero(x, out, N);
}

// *_LOAD_UBYTE/SBYTE/USHORT/SSHORT and the D16 forms
template <LoadKind K>
void flatLoadSub(Exec& x) {
  FlatCtx c;
  if (!flatCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t* old = x.w.v(x.in.dst.reg);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, uint8_t(1 + (x.in.mem.tfe ? 1 : 0)), exec);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const Target t = resolve(c, l);
    uint32_t raw;
    if constexpr (loadBytes(K) == 1) {
      uint8_t b = 0;
      if (!access<uint8_t>(x, c, t, 0, l, b, false)) return;
      raw = b;
    } else {
      uint16_t h = 0;
      if (!access<uint16_t>(x, c, t, 0, l, h, false)) return;
      raw = h;
    }
    out[l] = loadExtend(K, raw, old[l]);
  }
  tfeZero(x, out, 1);
}

// *_STORE_DWORD[XN]: *(UINT32*)(ADDR + 4*i) = VDATA[i]
template <unsigned N>
void flatStore(Exec& x) {
  FlatCtx c;
  if (!flatCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  Block b;
  if (globalBlock(c, exec, 4 * N, b) && storeRun<N>(x, b.start, b, x.in.data0.reg)) return;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const Target t = resolve(c, l);
    for (unsigned d = 0; d < N; ++d) {
      uint32_t v = x.w.v(x.in.data0.reg + d)[l];
      if (!access<uint32_t>(x, c, t, 4 * d, l, v, true)) return;
    }
  }
}

// *_STORE_BYTE/SHORT (+ _D16_HI)
template <StoreKind K>
void flatStoreSub(Exec& x) {
  FlatCtx c;
  if (!flatCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t* data = x.w.v(x.in.data0.reg);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const Target t = resolve(c, l);
    const uint32_t v = storeValue(K, data[l]);
    bool ok;
    if constexpr (storeBytes(K) == 1) {
      uint8_t b = uint8_t(v);
      ok = access<uint8_t>(x, c, t, 0, l, b, true);
    } else {
      uint16_t h = uint16_t(v);
      ok = access<uint16_t>(x, c, t, 0, l, h, true);
    }
    if (!ok) return;
  }
}

// *_ATOMIC_<OP>[_X2]: P = *VM; *VM = OP(*VM, VDATA); VDST = (GLC) ? P : VDST
// CMPSWAP: *VM = (*VM == VDATA[hi]) ? VDATA[lo] : *VM
template <class T, AtomicOp OP>
void flatAtomic(Exec& x) {
  FlatCtx c;
  if (!flatCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  constexpr unsigned kDw = sizeof(T) / 4;
  const bool rtn = x.in.mem.glc && x.in.dst.present();
  uint32_t* out = rtn ? x.deferVgprs(x.in.dst.reg, uint8_t(x.in.dst.nregs), exec) : nullptr;
  const unsigned dreg = x.in.data0.reg;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const Target t = resolve(c, l);
    T old = 0;
    if (!accessWide<T>(x, c, t, l, old, false, true)) return;
    const T lo = vdata<T>(x.w, dreg, l);
    T next;
    if constexpr (atomicHasTwoOperands(OP))
      next = atomicApply<OP, T>(old, vdata<T>(x.w, dreg + kDw, l), lo);
    else
      next = atomicApply<OP, T>(old, lo, T(0));
    if (!accessWide<T>(x, c, t, l, next, true, false)) return;
    if (rtn) putDeferred<T>(out, 0, l, old);
  }
  if (rtn && x.in.dst.nregs > kDw) tfeZero(x, out, kDw);
}

struct Entry {
  const char* name;
  SemFn fn;
};
const Entry kFlatOps[] = {
    // GLOBAL and SCRATCH rows carry the FLAT keys (isa/tables/global.cpp, scratch.cpp;
    // the semantics tell them apart by the instruction's format).
    GCNSIM_VMEM_UNTYPED_OPS("flat_", flatLoad, flatLoadSub, flatStore, flatStoreSub, flatAtomic),
};

}  // namespace

void registerFlatOps(SemRegistry& r) {
  for (const Entry& e : kFlatOps) r.add(e.name, e.fn);
}

}  // namespace gcnsim::sim::mem
