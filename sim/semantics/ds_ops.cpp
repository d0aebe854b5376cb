// DS semantics: reads, writes, two-address forms, atomics and SRC2 atomics.
// Pseudo-code quoted from reference/clrx/GcnInstrsDs.md (and seed 004 for the
// M0 limit, see mem_ds.hpp). Every op runs over the active lanes in lane
// order; loads and returning atomics deliver their VGPRs through
// Exec::deferVgprs, stores and memory updates happen immediately.
#include <cstring>

#include "sim/semantics.hpp"
#include "sim/semantics/mem_common.hpp"
#include "sim/semantics/mem_ds.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim::mem {
namespace {

bool isGcn14(const Exec& x) { return x.w.gen == isa::Gen::GCN14; }

// Every loop below first computes the lanes' addresses, then checks them in
// range at once: in range (the common case), the lanes access the LDS bytes
// directly (DsDirect); otherwise each access is checked on its own (DsSpace).
// Both run the same lane loop in lane order, so the results are identical.

// a[l] = (ADDR[l] + off) & mask for every lane (inactive lanes too: never used).
inline void laneAddresses(const uint32_t* addr, uint32_t off, uint32_t mask, uint32_t* a) {
  for (unsigned l = 0; l < kWaveSize; ++l) a[l] = (addr[l] + off) & mask;
}

// ---------------------------------------------------------------------------
// Reads. ALIGN is the address mask of GCN 1.0-1.2 ("(ADDR+OFFSET)&~3"); with
// UNALIGNED14 GCN 1.4 uses the byte address as is ("if (GCN14) VDST =
// *(UINT32*)(DS + (ADDR+OFFSET))").

template <unsigned N, class Space>
void readLanes(const Space& s, const uint32_t* a, uint64_t exec, uint32_t* out) {
  forLanes(exec, [&](unsigned l) {
    for (unsigned d = 0; d < N; ++d) out[d * kWaveSize + l] = s.loadDword(a[l] + 4 * d);
  });
}

// DS_READ_B32/B64/B96/B128: VDST[0..N-1] = *(UINT32xN*)(DS + ((ADDR+OFFSET)&~ALIGN))
template <unsigned N, uint32_t ALIGN, bool UNALIGNED14>
void dsRead(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  alignas(64) uint32_t a[kWaveSize];
  laneAddresses(x.w.v(x.in.addr.reg), dsOffset(x), (UNALIGNED14 && isGcn14(x)) ? ~0u : ~ALIGN, a);
  x.recordDsLanes(a, exec, 4 * N);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, N, exec);
  if (!dsLanesInRange(s, a, exec, 4 * N)) return readLanes<N>(s, a, exec, out);
  const DsDirect lds{s.share->data()};
  if (N == 1 && dsConsecutive(a, exec, 4)) return (void)std::memcpy(out, lds.base + a[0], 4 * kWaveSize);
  readLanes<N>(lds, a, exec, out);
}

template <LoadKind K, class Space>
void readSubLanes(const Space& s, const uint32_t* a, uint64_t exec, const uint32_t* old, uint32_t* out) {
  forLanes(exec, [&](unsigned l) {
    const uint32_t raw = loadBytes(K) == 1 ? s.template load<uint8_t>(a[l]) : s.template load<uint16_t>(a[l]);
    out[l] = loadExtend(K, raw, old[l]);
  });
}

// DS_READ_U8/I8/U16/I16 and the D16 forms: VDST = extend(*(T*)(DS + ADDR+OFFSET))
// (16-bit forms: &~1 before GCN 1.4).
template <LoadKind K>
void dsReadSub(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  alignas(64) uint32_t a[kWaveSize];
  laneAddresses(x.w.v(x.in.addr.reg), dsOffset(x), (loadBytes(K) == 2 && !isGcn14(x)) ? ~1u : ~0u, a);
  x.recordDsLanes(a, exec, loadBytes(K));
  const uint32_t* old = x.w.v(x.in.dst.reg);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  if (dsLanesInRange(s, a, exec, loadBytes(K)))
    readSubLanes<K>(DsDirect{s.share->data()}, a, exec, old, out);
  else
    readSubLanes<K>(s, a, exec, old, out);
}

// ---------------------------------------------------------------------------
// Writes.

template <unsigned N, class Space>
void writeLanes(const Space& s, const uint32_t* a, uint64_t exec, const WaveState& w, unsigned data) {
  forLanes(exec, [&](unsigned l) {
    for (unsigned d = 0; d < N; ++d) s.storeDword(a[l] + 4 * d, w.v(data + d)[l]);
  });
}

// DS_WRITE_B32/B64/B96/B128: *(UINT32xN*)(DS + ((ADDR+OFFSET)&~ALIGN)) = VDATA0
template <unsigned N, uint32_t ALIGN, bool UNALIGNED14>
void dsWrite(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  alignas(64) uint32_t a[kWaveSize];
  laneAddresses(x.w.v(x.in.addr.reg), dsOffset(x), (UNALIGNED14 && isGcn14(x)) ? ~0u : ~ALIGN, a);
  x.recordDsLanes(a, exec, 4 * N);
  if (!dsLanesInRange(s, a, exec, 4 * N)) return writeLanes<N>(s, a, exec, x.w, x.in.data0.reg);
  const DsDirect lds{s.share->data()};
  if (N == 1 && dsConsecutive(a, exec, 4))
    return (void)std::memcpy(lds.base + a[0], x.w.v(x.in.data0.reg), 4 * kWaveSize);
  writeLanes<N>(lds, a, exec, x.w, x.in.data0.reg);
}

template <StoreKind K, class Space>
void writeSubLanes(const Space& s, const uint32_t* a, uint64_t exec, const uint32_t* data) {
  forLanes(exec, [&](unsigned l) {
    const uint32_t v = storeValue(K, data[l]);
    if (storeBytes(K) == 1)
      s.template store<uint8_t>(a[l], uint8_t(v));
    else
      s.template store<uint16_t>(a[l], uint16_t(v));
  });
}

// DS_WRITE_B8/B16 (+ _D16_HI): *(T*)(DS + ADDR+OFFSET) = VDATA0 bits (16-bit: &~1 before GCN 1.4)
template <StoreKind K>
void dsWriteSub(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  alignas(64) uint32_t a[kWaveSize];
  laneAddresses(x.w.v(x.in.addr.reg), dsOffset(x), (storeBytes(K) == 2 && !isGcn14(x)) ? ~1u : ~0u, a);
  x.recordDsLanes(a, exec, storeBytes(K));
  const uint32_t* data = x.w.v(x.in.data0.reg);
  if (dsLanesInRange(s, a, exec, storeBytes(K)))
    writeSubLanes<K>(DsDirect{s.share->data()}, a, exec, data);
  else
    writeSubLanes<K>(s, a, exec, data);
}

// ---------------------------------------------------------------------------
// Two-address forms. BYTES is the element size (4 or 8); ST64 scales the
// offsets by 64 elements:
//   DS_READ2_B32:      V0 = (ADDR + OFFSET0*4)&~3,   V1 = (ADDR + OFFSET1*4)&~3
//   DS_READ2ST64_B32:  V0 = (ADDR + OFFSET0*256)&~3, V1 = (ADDR + OFFSET1*256)&~3
//   DS_READ2_B64:      V0 = (ADDR + OFFSET0*8)&~7,   V1 = (ADDR + OFFSET1*8)&~7
//   DS_READ2ST64_B64:  V0 = (ADDR + OFFSET0*512)&~7, V1 = (ADDR + OFFSET1*512)&~7
template <unsigned BYTES, bool ST64>
struct Two {
  static constexpr uint32_t kScale = BYTES * (ST64 ? 64 : 1);
  static constexpr unsigned kDwords = BYTES / 4;
  static uint32_t off0(const Exec& x) { return uint32_t(x.in.mem.offset & 0xff) * kScale; }
  static uint32_t off1(const Exec& x) { return uint32_t(x.in.mem.offset1) * kScale; }
};

template <unsigned BYTES, bool READ, bool WRITE, class Space>
void twoAddressLanes(const Space& s, const uint32_t* a0, const uint32_t* a1, uint64_t exec, uint32_t* out,
                     const WaveState& w, unsigned data0, unsigned data1) {
  constexpr unsigned kDw = BYTES / 4;
  forLanes(exec, [&](unsigned l) {
    if (READ) {
      for (unsigned d = 0; d < kDw; ++d) {
        out[d * kWaveSize + l] = s.loadDword(a0[l] + 4 * d);
        out[(kDw + d) * kWaveSize + l] = s.loadDword(a1[l] + 4 * d);
      }
    }
    if (WRITE) {
      for (unsigned d = 0; d < kDw; ++d) s.storeDword(a0[l] + 4 * d, w.v(data0 + d)[l]);
      for (unsigned d = 0; d < kDw; ++d) s.storeDword(a1[l] + 4 * d, w.v(data1 + d)[l]);
    }
  });
}

// The two-address ops, one loop: READ returns the old values, WRITE stores the data.
// DS_READ2*:        VDST = *V0 | (*V1 << BITS)
// DS_WRITE2*:       *V0 = VDATA0; *V1 = VDATA1
// DS_WRXCHG2*_RTN:  VDST = (*V0) | (*V1 << BITS); *V0 = VDATA0; *V1 = VDATA1
template <unsigned BYTES, bool ST64, bool READ, bool WRITE>
void dsTwoAddress(Exec& x) {
  using T2 = Two<BYTES, ST64>;
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  alignas(64) uint32_t a0[kWaveSize], a1[kWaveSize];
  laneAddresses(addr, T2::off0(x), ~(BYTES - 1), a0);
  laneAddresses(addr, T2::off1(x), ~(BYTES - 1), a1);
  x.recordDsPairs(a0, a1, exec, BYTES);
  uint32_t* out = READ ? x.deferVgprs(x.in.dst.reg, 2 * T2::kDwords, exec) : nullptr;
  const unsigned d0 = x.in.data0.reg, d1 = x.in.data1.reg;
  if (dsLanesInRange(s, a0, exec, BYTES) && dsLanesInRange(s, a1, exec, BYTES))
    twoAddressLanes<BYTES, READ, WRITE>(DsDirect{s.share->data()}, a0, a1, exec, out, x.w, d0, d1);
  else
    twoAddressLanes<BYTES, READ, WRITE>(s, a0, a1, exec, out, x.w, d0, d1);
}
template <unsigned BYTES, bool ST64>
constexpr SemFn dsRead2 = &dsTwoAddress<BYTES, ST64, true, false>;
template <unsigned BYTES, bool ST64>
constexpr SemFn dsWrite2 = &dsTwoAddress<BYTES, ST64, false, true>;
template <unsigned BYTES, bool ST64>
constexpr SemFn dsWrxchg2 = &dsTwoAddress<BYTES, ST64, true, true>;

// ---------------------------------------------------------------------------
// Atomics:
//   T* V = (T*)(DS + ((ADDR+OFFSET)&~(sizeof(T)-1)))
//   [VDST = *V;] *V = OP(*V, VDATA0[, VDATA1])   // atomic operation
// (CMPST: *V = (*V==VDATA0) ? VDATA1 : *V; MSKOR: (*V & ~VDATA0) | VDATA1;
//  WRAP: (*V >= VDATA0) ? *V-VDATA0 : *V+VDATA1.)
template <class T, AtomicOp OP, bool RTN>
void dsAtomic(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  constexpr unsigned kDw = sizeof(T) / 4;
  uint32_t* out = RTN ? x.deferVgprs(x.in.dst.reg, kDw, exec) : nullptr;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const uint32_t a = (addr[l] + off) & ~uint32_t(sizeof(T) - 1);
    x.recordDsAccess(a, sizeof(T), l);
    const T d0 = vdata<T>(x.w, x.in.data0.reg, l);
    const T d1 = atomicHasTwoOperands(OP) ? vdata<T>(x.w, x.in.data1.reg, l) : T(0);
    const T old = s.loadWide<T>(a);
    s.storeWide<T>(a, atomicApply<OP, T>(old, d0, d1));
    if constexpr (RTN) putDeferred<T>(out, 0, l, old);
  }
}

// SRC2 forms: both operands come from the data share.
//   A = (OFFSET&0x8000) ? ADDR&0x1fffc : ADDR&~3            (64-bit: 0x1fff8, ~7)
//   B = A + ((OFFSET&0x8000) ? ((ADDR>>17) | ((ADDR>>16)&0x8000))
//                            : ((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4   (64-bit: &~7)
//   *(T*)(DS + A) = OP(*(T*)(DS + A), *(T*)(DS + B))
// The 16-bit stride replicates its top bit on purpose (ADDR bit 31 or OFFSET
// bit 14 into bit 15): gcnsim reads it as a signed 16-bit dword count.
template <class T, AtomicOp OP>
void dsSrc2(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  constexpr uint32_t kAlign = sizeof(T) - 1;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const uint32_t ad = addr[l];
    const bool fromAddr = off & 0x8000;
    const uint32_t a = fromAddr ? (ad & (0x1ffffu & ~kAlign)) : (ad & ~kAlign);
    const uint32_t stride16 =
        fromAddr ? (((ad >> 17) | ((ad >> 16) & 0x8000)) & 0xffff) : ((off & 0x7fff) | ((off << 1) & 0x8000));
    const uint32_t b = (a + uint32_t(int32_t(int16_t(uint16_t(stride16)))) * 4u) & ~kAlign;
    x.recordDsAccess(a, sizeof(T), l);
    x.recordDsAccess(b, sizeof(T), l);
    const T old = s.loadWide<T>(a);
    s.storeWide<T>(a, atomicApply<OP, T>(old, s.loadWide<T>(b), T(0)));
  }
}

void dsNop(Exec&) {}

struct Entry {
  const char* name;
  SemFn fn;
};

#define DS_ATOMIC_FAMILY(NAME, OP)                                        \
  {"ds_" NAME "_u32", &dsAtomic<uint32_t, AtomicOp::OP, false>},          \
      {"ds_" NAME "_rtn_u32", &dsAtomic<uint32_t, AtomicOp::OP, true>},   \
      {"ds_" NAME "_src2_u32", &dsSrc2<uint32_t, AtomicOp::OP>},          \
      {"ds_" NAME "_u64", &dsAtomic<uint64_t, AtomicOp::OP, false>},      \
      {"ds_" NAME "_rtn_u64", &dsAtomic<uint64_t, AtomicOp::OP, true>}, { \
    "ds_" NAME "_src2_u64", &dsSrc2<uint64_t, AtomicOp::OP>               \
  }
#define DS_ATOMIC_FAMILY_T(NAME, SUF, OP)                                       \
  {"ds_" NAME "_" SUF "32", &dsAtomic<uint32_t, AtomicOp::OP, false>},          \
      {"ds_" NAME "_rtn_" SUF "32", &dsAtomic<uint32_t, AtomicOp::OP, true>},   \
      {"ds_" NAME "_src2_" SUF "32", &dsSrc2<uint32_t, AtomicOp::OP>},          \
      {"ds_" NAME "_" SUF "64", &dsAtomic<uint64_t, AtomicOp::OP, false>},      \
      {"ds_" NAME "_rtn_" SUF "64", &dsAtomic<uint64_t, AtomicOp::OP, true>}, { \
    "ds_" NAME "_src2_" SUF "64", &dsSrc2<uint64_t, AtomicOp::OP>               \
  }

const Entry kDsOps[] = {
    // reads
    {"ds_read_b32", &dsRead<1, 3, true>},
    {"ds_read_b64", &dsRead<2, 7, true>},
    {"ds_read_b96", &dsRead<3, 15, false>},
    {"ds_read_b128", &dsRead<4, 15, false>},
    {"ds_read_u8", &dsReadSub<LoadKind::U8>},
    {"ds_read_i8", &dsReadSub<LoadKind::I8>},
    {"ds_read_u16", &dsReadSub<LoadKind::U16>},
    {"ds_read_i16", &dsReadSub<LoadKind::I16>},
    {"ds_read_u8_d16", &dsReadSub<LoadKind::U8D16>},
    {"ds_read_i8_d16", &dsReadSub<LoadKind::I8D16>},
    {"ds_read_u16_d16", &dsReadSub<LoadKind::U16D16>},
    {"ds_read_u8_d16_hi", &dsReadSub<LoadKind::U8D16Hi>},
    {"ds_read_i8_d16_hi", &dsReadSub<LoadKind::I8D16Hi>},
    {"ds_read_u16_d16_hi", &dsReadSub<LoadKind::U16D16Hi>},
    {"ds_read2_b32", dsRead2<4, false>},
    {"ds_read2st64_b32", dsRead2<4, true>},
    {"ds_read2_b64", dsRead2<8, false>},
    {"ds_read2st64_b64", dsRead2<8, true>},
    // writes
    {"ds_write_b32", &dsWrite<1, 3, true>},
    {"ds_write_b64", &dsWrite<2, 7, true>},
    {"ds_write_b96", &dsWrite<3, 15, false>},
    {"ds_write_b128", &dsWrite<4, 15, false>},
    {"ds_write_b8", &dsWriteSub<StoreKind::B8>},
    {"ds_write_b16", &dsWriteSub<StoreKind::B16>},
    {"ds_write_b8_d16_hi", &dsWriteSub<StoreKind::B8Hi>},
    {"ds_write_b16_d16_hi", &dsWriteSub<StoreKind::B16Hi>},
    {"ds_write2_b32", dsWrite2<4, false>},
    {"ds_write2st64_b32", dsWrite2<4, true>},
    {"ds_write2_b64", dsWrite2<8, false>},
    {"ds_write2st64_b64", dsWrite2<8, true>},
    {"ds_write_src2_b32", &dsSrc2<uint32_t, AtomicOp::Swap>},
    {"ds_write_src2_b64", &dsSrc2<uint64_t, AtomicOp::Swap>},
    // exchanges
    {"ds_wrxchg_rtn_b32", &dsAtomic<uint32_t, AtomicOp::Swap, true>},
    {"ds_wrxchg_rtn_b64", &dsAtomic<uint64_t, AtomicOp::Swap, true>},
    {"ds_wrxchg2_rtn_b32", dsWrxchg2<4, false>},
    {"ds_wrxchg2st64_rtn_b32", dsWrxchg2<4, true>},
    {"ds_wrxchg2_rtn_b64", dsWrxchg2<8, false>},
    {"ds_wrxchg2st64_rtn_b64", dsWrxchg2<8, true>},
    // integer atomics (+ _rtn_, _src2_, 64-bit)
    DS_ATOMIC_FAMILY("add", Add),
    DS_ATOMIC_FAMILY("sub", Sub),
    DS_ATOMIC_FAMILY("rsub", Rsub),
    DS_ATOMIC_FAMILY("inc", Inc),
    DS_ATOMIC_FAMILY("dec", Dec),
    DS_ATOMIC_FAMILY_T("min", "i", SMin),
    DS_ATOMIC_FAMILY_T("max", "i", SMax),
    DS_ATOMIC_FAMILY_T("min", "u", UMin),
    DS_ATOMIC_FAMILY_T("max", "u", UMax),
    DS_ATOMIC_FAMILY_T("min", "f", FMin),
    DS_ATOMIC_FAMILY_T("max", "f", FMax),
    DS_ATOMIC_FAMILY_T("and", "b", And),
    DS_ATOMIC_FAMILY_T("or", "b", Or),
    DS_ATOMIC_FAMILY_T("xor", "b", Xor),
    // float add (GCN 1.2+)
    {"ds_add_f32", &dsAtomic<uint32_t, AtomicOp::FAdd, false>},
    {"ds_add_rtn_f32", &dsAtomic<uint32_t, AtomicOp::FAdd, true>},
    {"ds_add_src2_f32", &dsSrc2<uint32_t, AtomicOp::FAdd>},
    // compare-store, masked or, wrap
    {"ds_cmpst_b32", &dsAtomic<uint32_t, AtomicOp::CmpSwap, false>},
    {"ds_cmpst_rtn_b32", &dsAtomic<uint32_t, AtomicOp::CmpSwap, true>},
    {"ds_cmpst_b64", &dsAtomic<uint64_t, AtomicOp::CmpSwap, false>},
    {"ds_cmpst_rtn_b64", &dsAtomic<uint64_t, AtomicOp::CmpSwap, true>},
    {"ds_cmpst_f32", &dsAtomic<uint32_t, AtomicOp::FCmpSwap, false>},
    {"ds_cmpst_rtn_f32", &dsAtomic<uint32_t, AtomicOp::FCmpSwap, true>},
    {"ds_cmpst_f64", &dsAtomic<uint64_t, AtomicOp::FCmpSwap, false>},
    {"ds_cmpst_rtn_f64", &dsAtomic<uint64_t, AtomicOp::FCmpSwap, true>},
    {"ds_mskor_b32", &dsAtomic<uint32_t, AtomicOp::MskOr, false>},
    {"ds_mskor_rtn_b32", &dsAtomic<uint32_t, AtomicOp::MskOr, true>},
    {"ds_mskor_b64", &dsAtomic<uint64_t, AtomicOp::MskOr, false>},
    {"ds_mskor_rtn_b64", &dsAtomic<uint64_t, AtomicOp::MskOr, true>},
    {"ds_wrap_rtn_b32", &dsAtomic<uint32_t, AtomicOp::Wrap, true>},
    {"ds_nop", &dsNop},
};

#undef DS_ATOMIC_FAMILY
#undef DS_ATOMIC_FAMILY_T

}  // namespace

void registerDsOps(SemRegistry& r) {
  for (const Entry& e : kDsOps) r.add(e.name, e.fn);
}

}  // namespace gcnsim::sim::mem
