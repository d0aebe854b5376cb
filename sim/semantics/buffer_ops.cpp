// MUBUF semantics with a format derived from the opcode (seed 001 "rules for
// data conversion": BUFFER_LOAD_<type>/BUFFER_STORE_<type>/BUFFER_ATOMIC_* --
// "derived" format, identity DST_SEL): dword, byte, short and D16 loads and
// stores, LDS-direct loads, BUFFER_STORE_LDS_DWORD, atomics, cache
// invalidations. Pseudo-code from reference/clrx/GcnInstrsMubuf.md.
//
// Per lane and per dword: address from mem_buffer.hpp; out of range -> reads 0,
// writes dropped (seed 001); in range but unmapped -> fault.
#include "sim/semantics.hpp"
#include "sim/semantics/mem_buffer.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim::mem {
namespace {

// TFE: VDATA gets one more dword after the data, written 0 for every lane
// (gcnsim's fetches never "fail"; out-of-range buffer reads are not fails).
inline void tfeZero(Exec& x, uint32_t* out, unsigned dataDwords) {
  if (!x.in.mem.tfe) return;
  for (unsigned l = 0; l < kWaveSize; ++l) out[dataDwords * kWaveSize + l] = 0;
}

// Fast path of the dword loads and stores (mem_common.hpp): ADDR64 (no range
// checking) with the 64-bit VADDRs of one run of lanes back to back, so that
// lane first+i's dword d is at c.at(first) + 4 * (N * i + d) (the alignment
// &~3 commutes with adding multiples of 4): one block, read or written at once
// when it is entirely mapped (otherwise the per-lane loop reports the fault).
bool bufferBlock(const BufferCtx& c, uint64_t exec, unsigned dwords, LaneRun& r, uint64_t& start) {
  if (!c.addr64 || !laneRun(exec, r) || !consecutive64(c.v0, c.v1, r, 4 * dwords)) return false;
  start = c.at(r.first, 0, 4).address;
  return start + 4ull * dwords * r.count - 1 >= start;  // no wrap-around
}

// BUFFER_LOAD_DWORD[XN]: VDATA[i] = VM[i], VM = VMEM(SRSRC, VADDR, SOFFSET, OFFSET)
// With LDS (DWORD only): LDS[(M0&0xffff) + LANEID*4] = VM[0], no VGPR written.
template <unsigned N>
void bufferLoad(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  const bool toLds = x.in.mem.lds;
  if (toLds && !ldsDirectReady(x)) return;
  uint32_t* out = toLds ? nullptr : x.deferVgprs(x.in.dst.reg, uint8_t(N + (x.in.mem.tfe ? 1 : 0)), exec);
  LaneRun r;
  uint64_t start = 0;
  if (!toLds && bufferBlock(c, exec, N, r, start) && loadRun<N>(x, start, r, out)) {
    tfeZero(x, out, N);
    return;
  }
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    for (unsigned d = 0; d < N; ++d) {
      const memory::BufferAddress a = c.at(l, 4 * d, 4);
      uint32_t v = 0;
      if (a.allInRange && !gload(x, a.address, v, l)) return;
      if (toLds)
        ldsDirectStore(x, l, v);
      else
        out[d * kWaveSize + l] = v;
    }
  }
  if (!toLds) tfeZero(x, out, N);
}

// BUFFER_LOAD_UBYTE/SBYTE/USHORT/SSHORT and the D16 forms (GCN 1.4).
// With LDS: "If element size is smaller than 4-byte, then stored 4-byte value
// will be zero-extended" (seed 001) -- the raw byte/short goes to LDS.
template <LoadKind K>
void bufferLoadSub(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  const bool toLds = x.in.mem.lds;
  if (toLds && !ldsDirectReady(x)) return;
  uint32_t* out = toLds ? nullptr : x.deferVgprs(x.in.dst.reg, uint8_t(1 + (x.in.mem.tfe ? 1 : 0)), exec);
  const uint32_t* old = toLds ? nullptr : x.w.v(x.in.dst.reg);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const memory::BufferAddress a = c.at(l, 0, loadBytes(K));
    uint32_t raw = 0;
    if (a.allInRange) {
      bool ok;
      if (loadBytes(K) == 1) {
        uint8_t b = 0;
        ok = gload(x, a.address, b, l);
        raw = b;
      } else {
        uint16_t h = 0;
        ok = gload(x, a.address, h, l);
        raw = h;
      }
      if (!ok) return;
    }
    if (toLds)
      ldsDirectStore(x, l, raw);
    else
      out[l] = loadExtend(K, raw, old[l]);
  }
  if (!toLds) tfeZero(x, out, 1);
}

// BUFFER_STORE_DWORD[XN]: VM[i] = VDATA[i]
template <unsigned N>
void bufferStore(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  LaneRun r;
  uint64_t start = 0;
  if (bufferBlock(c, exec, N, r, start) && storeRun<N>(x, start, r, x.in.data0.reg)) return;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    for (unsigned d = 0; d < N; ++d) {
      const memory::BufferAddress a = c.at(l, 4 * d, 4);
      if (a.allInRange && !gstore(x, a.address, x.w.v(x.in.data0.reg + d)[l], l)) return;
    }
  }
}

// BUFFER_STORE_BYTE/SHORT (+ _D16_HI): *(T*)VM = VDATA bits
template <StoreKind K>
void bufferStoreSub(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t* data = x.w.v(x.in.data0.reg);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const memory::BufferAddress a = c.at(l, 0, storeBytes(K));
    if (!a.allInRange) continue;
    const uint32_t v = storeValue(K, data[l]);
    const bool ok =
        storeBytes(K) == 1 ? gstore(x, a.address, uint8_t(v), l) : gstore(x, a.address, uint16_t(v), l);
    if (!ok) return;
  }
}

// BUFFER_ATOMIC_<OP>[_X2]:
//   P = *VM; *VM = OP(*VM, VDATA); VDATA = (GLC) ? P : VDATA
//   CMPSWAP: *VM = (*VM == VDATA[hi]) ? VDATA[lo] : *VM  (lo = new value, hi = compare)
// Out-of-range lanes change nothing and return 0.
template <class T, AtomicOp OP>
void bufferAtomic(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c)) return;
  const uint64_t exec = x.w.exec();
  constexpr unsigned kDw = sizeof(T) / 4;
  const bool rtn = x.in.mem.glc && x.in.dst.present();
  uint32_t* out = rtn ? x.deferVgprs(x.in.dst.reg, kDw, exec) : nullptr;
  const unsigned dreg = x.in.data0.reg;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const memory::BufferAddress a = c.at(l, 0, sizeof(T));
    T old = 0;
    if (a.allInRange) {
      if (!gload(x, a.address, old, l)) return;
      const T lo = vdata<T>(x.w, dreg, l);
      T next;
      if constexpr (atomicHasTwoOperands(OP))
        next = atomicApply<OP, T>(old, vdata<T>(x.w, dreg + kDw, l), lo);
      else
        next = atomicApply<OP, T>(old, lo, T(0));
      if (!gstore(x, a.address, next, l, false)) return;
    }
    if (rtn) putDeferred<T>(out, 0, l, old);
  }
  if (rtn && x.in.mem.tfe && x.in.dst.nregs > kDw) tfeZero(x, out, kDw);
}

// BUFFER_STORE_LDS_DWORD (GCN 1.2+):
//   VAL = *(UINT32*)(LDS + (M0&0xffff) + OFFSET + LANEID*4)
//   *(UINT32*)VMEM(SRSRC, 0, SOFFSET, OFFSET) = VAL
void bufferStoreLdsDword(Exec& x) {
  BufferCtx c;
  if (!bufferCtx(x, c) || !ldsDirectReady(x)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t ldsBase = (x.w.m0() & 0xffff) + c.instOffset;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    uint32_t v = 0;
    x.env.lds->load(ldsBase + 4 * l, v, x.env.ldsBytes);
    const memory::BufferAddress a = c.at(l, 0, 4);
    if (a.allInRange && !gstore(x, a.address, v, l)) return;
  }
}

// BUFFER_WBINVL1*: cache write-back/invalidate; gcnsim's functional memory has
// no caches.
void bufferCacheOp(Exec&) {}

struct Entry {
  const char* name;
  SemFn fn;
};
const Entry kBufferOps[] = {
    GCNSIM_VMEM_UNTYPED_OPS("buffer_", bufferLoad, bufferLoadSub, bufferStore, bufferStoreSub, bufferAtomic),
    {"buffer_store_lds_dword", &bufferStoreLdsDword},
    {"buffer_wbinvl1", &bufferCacheOp},
    {"buffer_wbinvl1_sc", &bufferCacheOp},
    {"buffer_wbinvl1_vol", &bufferCacheOp},
};

}  // namespace

void registerBufferOps(SemRegistry& r) {
  for (const Entry& e : kBufferOps) r.add(e.name, e.fn);
}

}  // namespace gcnsim::sim::mem
