// DS semantics that are not plain memory accesses: lane swizzles and
// permutes, append/consume counters, ordered count, CONDXCHG32, the ADDTID
// forms and the global wave sync (GWS) operations.
#include <vector>

#include "sim/semantics.hpp"
#include "sim/semantics/mem_common.hpp"
#include "sim/semantics/mem_ds.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim::mem {
namespace {

// DS_SWIZZLE_B32 (reference/clrx/GcnInstrsDs.md):
//   if (OFFSET&0x8000) INLANEID = (LANEID&0x3c) + ((OFFSET >> (2*(LANEID&3))) & 3)
//   else INLANEID = (LANEID&32) + ((((LANEID&31) & ANDMASK) | ORMASK) ^ XORMASK)
//        with ANDMASK = OFFSET&31, ORMASK = (OFFSET>>5)&31, XORMASK = OFFSET>>10
//   VDST[LANEID] = (EXEC & (1ULL<<INLANEID)) ? ADDR[INLANEID] : 0
void dsSwizzle(Exec& x) {
  if (operandsMissing(x)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* src = x.w.v(x.in.addr.reg);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  const uint32_t andMask = off & 31, orMask = (off >> 5) & 31, xorMask = (off >> 10) & 31;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const unsigned in = (off & 0x8000) ? (l & 0x3c) + ((off >> (2 * (l & 3))) & 3)
                                       : (l & 32) + ((((l & 31) & andMask) | orMask) ^ xorMask);
    out[l] = (exec >> in & 1) ? src[in] : 0;
  }
}

// DS_PERMUTE_B32 / DS_BPERMUTE_B32 (GCN 1.2+). The lane is the byte address
// divided by 4, high bits ignored: lane = ((ADDR[i] + OFFSET) >> 2) & 63 (AMD
// GCN3/Vega ISA pseudo-code; GcnInstrsDs.md describes the same "ADDR holds
// lane id multiplied by 4" with OFFSET>>2 added to the lane).
//   permute:  tmp[lane(i)] = SRC[i] for active i (ascending; later lanes win),
//             other tmp entries 0; DST[i] = tmp[i] for active i
//   bpermute: DST[i] = EXEC[lane(i)] ? SRC[lane(i)] : 0 for active i
inline unsigned permuteLane(uint32_t addr, uint32_t off) { return ((addr + off) >> 2) & 63; }

void dsPermute(Exec& x) {
  if (operandsMissing(x)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  const uint32_t* src = x.w.v(x.in.data0.reg);
  uint32_t tmp[kWaveSize] = {};
  for (unsigned l = 0; l < kWaveSize; ++l)
    if (exec >> l & 1) tmp[permuteLane(addr[l], off)] = src[l];
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = tmp[l];
}

void dsBpermute(Exec& x) {
  if (operandsMissing(x)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  const uint32_t* src = x.w.v(x.in.data0.reg);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const unsigned in = permuteLane(addr[l], off);
    out[l] = (exec >> in & 1) ? src[in] : 0;
  }
}

// DS_APPEND / DS_CONSUME, once per wave:
//   UINT32* V = (UINT32*)(DS + (OFFSET&~3)); VDST = *V; *V += / -= BITCOUNT(EXEC)
// The counter's base is M0[15:0] (LLVM lowers llvm.amdgcn.ds.append(ptr) to
// "s_mov_b32 m0, ptr; ds_append vdst offset:N"), so the dword is at
// ((M0&0xffff) + OFFSET)&~3 of the LDS, or of the GDS with the GDS bit; it is
// range checked against the data share's size only (M0 holds the base here,
// not a limit). Every active lane receives the pre-op value.
template <bool APPEND>
void dsAppendConsume(Exec& x) {
  if (operandsMissing(x)) return;
  memory::DataShare* share = x.in.mem.gds ? static_cast<memory::DataShare*>(x.env.gds) : x.env.lds;
  if (!share) {
    x.fault(std::string(x.in.info->name) + (x.in.mem.gds ? ": no GDS in this dispatch" : ": no LDS"));
    return;
  }
  const uint64_t exec = x.w.exec();
  const uint32_t limit = x.in.mem.gds ? memory::DataShare::kNoLimit : x.env.ldsBytes;
  const uint32_t a = ((x.w.m0() & 0xffff) + dsOffset(x)) & ~3u;
  uint32_t old = 0;
  share->load(a, old, limit);
  const uint32_t n = popcount64(exec);
  share->store(a, APPEND ? old + n : old - n, limit);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = old;
}

// DS_ORDERED_COUNT (not described in the references gcnsim has): GDS counter
// at ((M0&0xffff) + (OFFSET0&~3)) -- OFFSET0 = index*4 as LLVM encodes
// llvm.amdgcn.ds.ordered.add/swap, OFFSET1 bit 4 selects swap instead of add.
// The value is the ADDR VGPR of the first active lane; every active lane gets
// the pre-op value. Waves are assumed to arrive in order (gcnsim does not
// model the ordering wait).
void dsOrderedCount(Exec& x) {
  if (operandsMissing(x)) return;
  if (!x.env.gds) {
    x.fault(std::string(x.in.info->name) + ": no GDS in this dispatch");
    return;
  }
  const uint64_t exec = x.w.exec();
  if (exec == 0) return;
  const uint32_t off = dsOffset(x);
  const uint32_t a = ((x.w.m0() & 0xffff) + (off & 0xfc)) & ~3u;
  const unsigned first = unsigned(std::countr_zero(exec));
  const uint32_t value = x.in.addr.present() ? x.w.v(x.in.addr.reg)[first] : 0;
  const bool swap = (off >> 8) & 0x10;
  uint32_t old = 0;
  x.env.gds->load(a, old);
  x.env.gds->store(a, swap ? value : old + value);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 1, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = old;
}

// DS_CONDXCHG32_RTN_B64 (GCN 1.1+; not described by clrx, AMD CDNA3 ISA
// pseudo-code): two dwords at A = (ADDR+OFFSET)&~7 and A+4; each returns its
// old value and, if bit 31 of its half of DATA0 is set, is replaced by that
// half with bit 31 cleared.
void dsCondxchg32(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t off = dsOffset(x);
  const uint32_t* addr = x.w.v(x.in.addr.reg);
  uint32_t* out = x.deferVgprs(x.in.dst.reg, 2, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const uint32_t a = (addr[l] + off) & ~7u;
    x.recordDsAccess(a, 8, l);
    for (unsigned h = 0; h < 2; ++h) {
      const uint32_t d = x.w.v(x.in.data0.reg + h)[l];
      out[h * kWaveSize + l] = s.loadDword(a + 4 * h);
      if (d & 0x80000000u) s.storeDword(a + 4 * h, d & 0x7fffffffu);
    }
  }
}

// DS_READ_ADDTID_B32 / DS_WRITE_ADDTID_B32 (GCN 1.4):
//   VDST = *(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4)
//   *(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4) = VDATA0
template <bool WRITE>
void dsAddtid(Exec& x) {
  DsSpace s;
  if (operandsMissing(x) || !dsSpace(x, s)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t base = (x.w.m0() & 0xffff) + dsOffset(x);
  uint32_t* out = WRITE ? nullptr : x.deferVgprs(x.in.dst.reg, 1, exec);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    x.recordDsAccess(base + 4 * l, 4, l);
    if constexpr (WRITE)
      s.storeDword(base + 4 * l, x.w.v(x.in.data0.reg)[l]);
    else
      out[l] = s.loadDword(base + 4 * l);
  }
}

// ---------------------------------------------------------------------------
// GWS. The resource is OFFSET + M0[21:16] (LLVM places the resource base in
// M0 bits 16-21 for the ds_gws_* intrinsics); the data operand (DATA0) is
// read from the first active lane. State lives in memory::Gds. A wave that
// must wait stops with waitAndRetry(): the instruction had no effect and the
// engine runs it again after other waves (of any workgroup) have run.
uint32_t gwsResource(const Exec& x) { return dsOffset(x) + ((x.w.m0() >> 16) & 0x3f); }
uint32_t gwsValue(const Exec& x) {
  const uint64_t exec = x.w.exec();
  if (!x.in.data0.present() || exec == 0) return 0;
  return x.w.v(x.in.data0.reg)[std::countr_zero(exec)];
}
bool haveGds(Exec& x) {
  if (x.env.gds) return true;
  x.fault(std::string(x.in.info->name) + ": no GDS (GWS) in this dispatch");
  return false;
}

// DS_GWS_INIT: the barrier releases after VALUE+1 waves arrive (the
// "number of waves minus one" convention of ROCm's __ockl_gws_init(nwm1, rid)).
void dsGwsInit(Exec& x) {
  if (operandsMissing(x) || !haveGds(x)) return;
  x.env.gds->gwsInit(gwsResource(x), gwsValue(x) + 1);
}
void dsGwsSemaV(Exec& x) {
  if (haveGds(x)) x.env.gds->gwsSemaV(gwsResource(x));
}
void dsGwsSemaBr(Exec& x) {
  if (!operandsMissing(x) && haveGds(x)) x.env.gds->gwsSemaBr(gwsResource(x), gwsValue(x));
}
void dsGwsSemaReleaseAll(Exec& x) {
  if (haveGds(x)) x.env.gds->gwsSemaReleaseAll(gwsResource(x));
}
// DS_GWS_SEMA_P: take one count, or wait until there is one or until
// DS_GWS_SEMA_RELEASE_ALL releases every wave waiting at that moment.
void dsGwsSemaP(Exec& x) {
  if (!haveGds(x)) return;
  const uint32_t res = gwsResource(x);
  const uint32_t releases = x.env.gds->gws(res).releaseGeneration;
  if (x.w.gwsWaiting && releases != x.w.gwsGeneration) {
    x.w.gwsWaiting = false;  // released
    return;
  }
  if (x.env.gds->gwsSemaP(res)) {
    x.w.gwsWaiting = false;
    return;
  }
  if (!x.w.gwsWaiting) x.w.gwsWaiting = true, x.w.gwsGeneration = releases;
  x.waitAndRetry();
}

// DS_GWS_BARRIER: arrive once, then wait until the barrier generation the
// wave arrived in has ended (WaveState::gwsWaiting/gwsGeneration).
void dsGwsBarrier(Exec& x) {
  if (operandsMissing(x) || !haveGds(x)) return;
  const uint32_t res = gwsResource(x);
  if (x.w.gwsWaiting) {
    if (x.env.gds->gws(res).barrierGeneration == x.w.gwsGeneration) return x.waitAndRetry();
    x.w.gwsWaiting = false;  // released
    return;
  }
  const uint32_t generation = x.env.gds->gws(res).barrierGeneration;
  if (x.env.gds->gwsBarrierArrive(res)) return;  // the last arrival releases the others
  x.w.gwsWaiting = true;
  x.w.gwsGeneration = generation;
  x.waitAndRetry();
}

struct Entry {
  const char* name;
  SemFn fn;
};
const Entry kDsSpecial[] = {
    {"ds_swizzle_b32", &dsSwizzle},           {"ds_permute_b32", &dsPermute},
    {"ds_bpermute_b32", &dsBpermute},         {"ds_append", &dsAppendConsume<true>},
    {"ds_consume", &dsAppendConsume<false>},  {"ds_ordered_count", &dsOrderedCount},
    {"ds_condxchg32_rtn_b64", &dsCondxchg32}, {"ds_read_addtid_b32", &dsAddtid<false>},
    {"ds_write_addtid_b32", &dsAddtid<true>}, {"ds_gws_init", &dsGwsInit},
    {"ds_gws_sema_v", &dsGwsSemaV},           {"ds_gws_sema_br", &dsGwsSemaBr},
    {"ds_gws_sema_p", &dsGwsSemaP},           {"ds_gws_sema_release_all", &dsGwsSemaReleaseAll},
    {"ds_gws_barrier", &dsGwsBarrier},
};

}  // namespace

void registerDsSpecial(SemRegistry& r) {
  for (const Entry& e : kDsSpecial) r.add(e.name, e.fn);
}

}  // namespace gcnsim::sim::mem
