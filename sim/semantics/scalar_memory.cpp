// Scalar memory: SMRD (GCN 1.0/1.1, seeds/003_d79646fcab33cb6c.txt) and SMEM
// (GCN 1.2/1.4, seeds/000_f05d49f6c840f2a3.txt). Loads, stores, scalar
// atomics (GCN 1.4), scratch loads/stores (GCN 1.4), s_memtime/s_memrealtime
// and the cache controls. Loaded and returned data are written through
// x.deferSgprs() so the timing model can hold them until LGKM_CNT says so.
//
// Address (both seeds): ADDR = SBASE + (OFFSET & ~3), where OFFSET is
//  SMRD  IMM=1: the instruction's dword offset (the decoder stores it in bytes);
//        IMM=0: the byte offset held in SGPR[OFFSET]; GCN 1.1 literal: a 32-bit
//        dword offset.
//  SMEM  GCN 1.2 IMM=1: 20-bit byte offset; IMM=0: SGPR[OFFSET].
//        GCN 1.4 IMM/SOE: SGPR[OFFSET] | SGPR[SOFFSET] | OFFSET | OFFSET + SGPR[SOFFSET].
// The decoder hands over the immediate part in mem.offset (when mem.immOffset)
// and the register part in `soffset`; the sum is the OFFSET above. SBASE is
// taken dword aligned as well, so the final address is a multiple of 4.
// Buffer forms: SBASE is a buffer descriptor; ADDR = BASE + OFFSET, each dword
// range checked with the rule of seeds/001_2fc8a7f12b5d60d9.txt (out of range:
// "Reads are zero and writes are ignored").
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

#include "memory/buffer_address.hpp"
#include "memory/buffer_resource.hpp"
#include "memory/global_memory.hpp"
#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim::scalar {
namespace {

constexpr unsigned kMaxDwords = 16;

// ---- address generation -------------------------------------------------------------------

// OFFSET (bytes, before the & ~3) of an SMRD/SMEM instruction.
uint64_t smemOffset(const Exec& x) {
  const isa::DecodedInst& in = x.in;
  uint64_t off = 0;
  if (in.mem.immOffset) off += uint64_t(int64_t(in.mem.offset));
  if (in.soffset.present()) {
    if (in.soffset.kind == isa::OpdKind::Literal && in.encoding == isa::Format::SMRD)
      off += uint64_t(uint32_t(in.soffset.value)) * 4;  // GCN 1.1 32-bit literal: a dword offset
    else
      off += readScalar32(x.w, in.soffset, &x.env.special);  // SGPR holds a byte offset
  } else if (!in.mem.immOffset) {
    off += x.w.sreg[uint32_t(in.mem.offset) & 127];  // IMM=0 with the SGPR number left in OFFSET
  }
  return off;
}

// SBASE as a 64-bit address (scalar loads/stores/atomics).
uint64_t sbaseAddress(const Exec& x) { return readScalar64(x.w, x.in.src[0], &x.env.special); }

// SBASE as a buffer descriptor (s_buffer_*).
memory::BufferResource sbaseBuffer(const Exec& x) {
  uint32_t words[4] = {};
  const isa::Operand& op = x.in.src[0];
  if (op.kind == isa::OpdKind::SReg)
    for (unsigned i = 0; i < 4 && op.reg + i < kScalarFileSize; ++i) words[i] = x.w.sreg[op.reg + i];
  return memory::BufferResource::decode(words, x.w.gen);
}

// Seed 001's range rule for byte offset `off` into the buffer (no index, no SGPR offset).
bool bufferDwordInRange(const memory::BufferResource& r, uint32_t off) {
  return memory::bufferInRange(r, memory::BufferAccess{}, 0, off, off);
}

// Register operand holding SDATA of stores and atomics (the decoder puts it in
// data0; with GLC an atomic also names it as dst, the return destination).
const isa::Operand& sdata(const Exec& x) { return x.in.data0.present() ? x.in.data0 : x.in.dst; }
void readSdata(const Exec& x, const isa::Operand& op, uint32_t* out, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    out[i] = op.kind == isa::OpdKind::SReg && op.reg + i < kScalarFileSize ? x.w.sreg[op.reg + i] : 0u;
}

bool haveMemory(Exec& x) {
  if (x.env.global) return true;
  x.fault(std::string(x.in.info->name) + ": no global memory is attached");
  return false;
}
void memoryFault(Exec& x, uint64_t addr, unsigned bytes, const char* what) {
  // "s_load_dword: load of 4 bytes at unmapped address 0x10 (not in or near any buffer)", or
  // near a buffer: "... 0x2010 (16 bytes past the end of buffer "a")".
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s: %s of %u bytes at unmapped address ", x.in.info->name, what, bytes);
  x.fault(buf + x.env.global->describe(addr));
}

// Late write of n dwords to the load destination (SDST / SDATA).
void deferResult(Exec& x, const isa::Operand& dst, const uint32_t* v, unsigned n) {
  if (dst.kind != isa::OpdKind::SReg) return;
  uint32_t* out = x.deferSgprs(dst.reg, uint8_t(n));
  for (unsigned i = 0; i < n; ++i) out[i] = v[i];
}

// ---- loads ---------------------------------------------------------------------------------

// for (i = 0; i < N; i++) SDST[i] = *(UINT32*)(SMEM + i*4 + (OFFSET & ~3))
void scalarLoad(Exec& x, unsigned n) {
  if (!haveMemory(x)) return;
  const uint64_t addr = (sbaseAddress(x) & ~3ull) + (smemOffset(x) & ~3ull);
  uint32_t v[kMaxDwords];
  x.recordAccess(addr, n * 4);
  if (!x.env.global->read(addr, v, n * 4)) return memoryFault(x, addr, n * 4, "load");
  deferResult(x, x.in.dst, v, n);
}
// Same through a buffer descriptor: SMEM = BASE, each dword range checked.
void scalarBufferLoad(Exec& x, unsigned n) {
  if (!haveMemory(x)) return;
  const memory::BufferResource r = sbaseBuffer(x);
  const uint32_t off = uint32_t(smemOffset(x)) & ~3u;
  uint32_t v[kMaxDwords];
  for (unsigned i = 0; i < n; ++i) {
    const uint32_t o = off + 4 * i;
    v[i] = 0;
    if (!bufferDwordInRange(r, o)) continue;
    x.recordAccess(r.baseAddress + o, 4);
    if (!x.env.global->read(r.baseAddress + o, &v[i], 4))
      return memoryFault(x, r.baseAddress + o, 4, "buffer load");
  }
  deferResult(x, x.in.dst, v, n);
}
// GCN 1.4: SDATA = *(UINT32*)(SMEM + (OFFSET & ~3) + (SGPROFFSET & ~3)*64)
uint64_t scratchAddress(const Exec& x) {
  const isa::DecodedInst& in = x.in;
  const uint64_t imm = in.mem.immOffset ? uint64_t(int64_t(in.mem.offset)) : 0;
  const uint64_t sgpr = in.soffset.present() ? readScalar32(x.w, in.soffset, &x.env.special)
                        : in.mem.immOffset   ? 0
                                             : x.w.sreg[uint32_t(in.mem.offset) & 127];
  return (sbaseAddress(x) & ~3ull) + (imm & ~3ull) + (sgpr & ~3ull) * 64;
}
void scalarScratchLoad(Exec& x, unsigned n) {
  if (!haveMemory(x)) return;
  const uint64_t addr = scratchAddress(x);
  uint32_t v[kMaxDwords];
  x.recordAccess(addr, n * 4);
  if (!x.env.global->read(addr, v, n * 4)) return memoryFault(x, addr, n * 4, "scratch load");
  deferResult(x, x.in.dst, v, n);
}

// The semantic of one access of N dwords (s_load_dwordx4 = dwords<scalarLoad, 4>).
template <void (*Access)(Exec&, unsigned), unsigned N>
void dwords(Exec& x) {
  Access(x, N);
}

// ---- stores (GCN 1.2+) ---------------------------------------------------------------------

// "S_STORE_* and S_BUFFER_STORE_* accepts only M0 as offset register for GCN 1.2" (seed 000).
bool storeOffsetAllowed(Exec& x) {
  const isa::DecodedInst& in = x.in;
  if (x.w.gen != isa::Gen::GCN12 || in.mem.immOffset) return true;
  if (in.soffset.kind == isa::OpdKind::SReg && in.soffset.reg == isa::code::kM0) return true;
  x.fault(std::string(in.info->name) +
          ": on GCN 1.2 a scalar store takes its offset from M0 or an immediate only (seed 000)");
  return false;
}
// *(UINT32*)(SMEM + i*4 + (OFFSET & ~3)) = SDATA[i]
void scalarStore(Exec& x, unsigned n) {
  if (!haveMemory(x) || !storeOffsetAllowed(x)) return;
  const uint64_t addr = (sbaseAddress(x) & ~3ull) + (smemOffset(x) & ~3ull);
  uint32_t v[kMaxDwords];
  readSdata(x, sdata(x), v, n);
  x.recordAccess(addr, n * 4);
  if (!x.env.global->write(addr, v, n * 4)) memoryFault(x, addr, n * 4, "store");
}
void scalarBufferStore(Exec& x, unsigned n) {
  if (!haveMemory(x) || !storeOffsetAllowed(x)) return;
  const memory::BufferResource r = sbaseBuffer(x);
  const uint32_t off = uint32_t(smemOffset(x)) & ~3u;
  uint32_t v[kMaxDwords];
  readSdata(x, sdata(x), v, n);
  for (unsigned i = 0; i < n; ++i) {
    const uint32_t o = off + 4 * i;
    if (!bufferDwordInRange(r, o)) continue;
    x.recordAccess(r.baseAddress + o, 4);
    if (!x.env.global->write(r.baseAddress + o, &v[i], 4))
      return memoryFault(x, r.baseAddress + o, 4, "buffer store");
  }
}
// GCN 1.4: *(UINT32*)(SMEM + (OFFSET & ~3) + (SGPROFFSET & ~3)*64) = SDATA
void scalarScratchStore(Exec& x, unsigned n) {
  if (!haveMemory(x)) return;
  const uint64_t addr = scratchAddress(x);
  uint32_t v[kMaxDwords];
  readSdata(x, sdata(x), v, n);
  x.recordAccess(addr, n * 4);
  if (!x.env.global->write(addr, v, n * 4)) memoryFault(x, addr, n * 4, "scratch store");
}

// ---- atomics (GCN 1.4) ---------------------------------------------------------------------

// VM = (T*)(SMEM + (OFFSET & ~3));  P = *VM;  *VM = op(*VM, SDATA);  SDATA = (GLC) ? P : SDATA
enum class AOp { Swap, CmpSwap, Add, Sub, SMin, UMin, SMax, UMax, And, Or, Xor, Inc, Dec };
template <AOp O, class T>
T atomicResult(T m, T data, T cmp) {
  using S = std::make_signed_t<T>;
  switch (O) {
    case AOp::Swap: return data;                       // *VM = SDATA
    case AOp::CmpSwap: return m == cmp ? data : m;     // *VM = *VM==SDATA[hi] ? SDATA[lo] : *VM
    case AOp::Add: return T(m + data);                 // *VM = *VM + SDATA
    case AOp::Sub: return T(m - data);                 // *VM = *VM - SDATA
    case AOp::SMin: return S(m) < S(data) ? m : data;  // *VM = MIN((INT)*VM, (INT)SDATA)
    case AOp::UMin: return m < data ? m : data;        // *VM = MIN(*VM, SDATA)
    case AOp::SMax: return S(m) > S(data) ? m : data;  // *VM = MAX((INT)*VM, (INT)SDATA)
    case AOp::UMax: return m > data ? m : data;        // *VM = MAX(*VM, SDATA)
    case AOp::And: return m & data;                    // *VM = *VM & SDATA
    case AOp::Or: return m | data;                     // *VM = *VM | SDATA
    case AOp::Xor: return m ^ data;                    // *VM = *VM ^ SDATA
    case AOp::Inc: return m < data ? T(m + 1) : T(0);  // *VM = (*VM < SDATA) ? *VM+1 : 0
    case AOp::Dec:
      return (m <= data && m != 0) ? T(m - 1) : data;  // *VM = (*VM <= SDATA && *VM!=0) ? *VM-1 : SDATA
  }
  return m;
}

// One scalar atomic of width T at a plain address (Buffer=false) or through a
// descriptor (Buffer=true; out of range: memory untouched, P = 0).
template <AOp O, class T, bool Buffer>
void s_atomic(Exec& x) {
  if (!haveMemory(x)) return;
  constexpr unsigned kDw = sizeof(T) / 4;
  const isa::Operand& sd = sdata(x);
  uint32_t d[2 * kDw];
  readSdata(x, sd, d, O == AOp::CmpSwap ? 2 * kDw : kDw);
  T data = 0, cmp = 0;
  std::memcpy(&data, d, sizeof(T));
  if (O == AOp::CmpSwap) std::memcpy(&cmp, d + kDw, sizeof(T));

  uint64_t addr;
  bool inRange = true;
  if constexpr (Buffer) {
    const memory::BufferResource r = sbaseBuffer(x);
    const uint32_t off = uint32_t(smemOffset(x)) & ~3u;
    for (unsigned i = 0; i < kDw; ++i) inRange = inRange && bufferDwordInRange(r, off + 4 * i);
    addr = r.baseAddress + off;
  } else {
    addr = (sbaseAddress(x) & ~3ull) + (smemOffset(x) & ~3ull);
  }
  T pre = 0;
  if (inRange) {
    x.recordAccess(addr, sizeof(T));
    if (!x.env.global->load(addr, pre)) return memoryFault(x, addr, sizeof(T), "atomic");
    const T post = atomicResult<O, T>(pre, data, cmp);
    if (!x.env.global->store(addr, post)) return memoryFault(x, addr, sizeof(T), "atomic");
  }
  if (x.in.mem.glc) {
    uint32_t p[kDw];
    std::memcpy(p, &pre, sizeof(T));
    deferResult(x, sd, p, kDw);
  }
}

// ---- time and cache control ------------------------------------------------------------------

// SDST = CLOCKCNT
void s_memtime(Exec& x) {
  const uint32_t v[2] = {uint32_t(x.env.clock), uint32_t(x.env.clock >> 32)};
  deferResult(x, x.in.dst, v, 2);
}
// SDATA = RTC (a constant-rate counter)
void s_memrealtime(Exec& x) {
  const uint32_t v[2] = {uint32_t(x.env.realtime), uint32_t(x.env.realtime >> 32)};
  deferResult(x, x.in.dst, v, 2);
}
// s_dcache_inv / _inv_vol / _wb / _wb_vol / _discard(_x2), s_atc_probe(_buffer):
// the functional core has no scalar cache; the timing model accounts for them.
void s_cache_control(Exec&) {}

}  // namespace

void registerScalarMemory(SemRegistry& r) {
  r.add("s_load_dword", dwords<scalarLoad, 1>);
  r.add("s_load_dwordx2", dwords<scalarLoad, 2>);
  r.add("s_load_dwordx4", dwords<scalarLoad, 4>);
  r.add("s_load_dwordx8", dwords<scalarLoad, 8>);
  r.add("s_load_dwordx16", dwords<scalarLoad, 16>);
  r.add("s_buffer_load_dword", dwords<scalarBufferLoad, 1>);
  r.add("s_buffer_load_dwordx2", dwords<scalarBufferLoad, 2>);
  r.add("s_buffer_load_dwordx4", dwords<scalarBufferLoad, 4>);
  r.add("s_buffer_load_dwordx8", dwords<scalarBufferLoad, 8>);
  r.add("s_buffer_load_dwordx16", dwords<scalarBufferLoad, 16>);
  r.add("s_scratch_load_dword", dwords<scalarScratchLoad, 1>);
  r.add("s_scratch_load_dwordx2", dwords<scalarScratchLoad, 2>);
  r.add("s_scratch_load_dwordx4", dwords<scalarScratchLoad, 4>);
  r.add("s_store_dword", dwords<scalarStore, 1>);
  r.add("s_store_dwordx2", dwords<scalarStore, 2>);
  r.add("s_store_dwordx4", dwords<scalarStore, 4>);
  r.add("s_buffer_store_dword", dwords<scalarBufferStore, 1>);
  r.add("s_buffer_store_dwordx2", dwords<scalarBufferStore, 2>);
  r.add("s_buffer_store_dwordx4", dwords<scalarBufferStore, 4>);
  r.add("s_scratch_store_dword", dwords<scalarScratchStore, 1>);
  r.add("s_scratch_store_dwordx2", dwords<scalarScratchStore, 2>);
  r.add("s_scratch_store_dwordx4", dwords<scalarScratchStore, 4>);
  r.add("s_memtime", s_memtime);
  r.add("s_memrealtime", s_memrealtime);
  for (const char* name : {"s_dcache_inv", "s_dcache_inv_vol", "s_dcache_wb", "s_dcache_wb_vol",
                           "s_dcache_discard", "s_dcache_discard_x2", "s_atc_probe", "s_atc_probe_buffer"})
    r.add(name, s_cache_control);

#define GCNSIM_SCALAR_ATOMIC(name, op)                               \
  r.add("s_atomic_" name, s_atomic<AOp::op, uint32_t, false>);       \
  r.add("s_atomic_" name "_x2", s_atomic<AOp::op, uint64_t, false>); \
  r.add("s_buffer_atomic_" name, s_atomic<AOp::op, uint32_t, true>); \
  r.add("s_buffer_atomic_" name "_x2", s_atomic<AOp::op, uint64_t, true>);
  GCNSIM_SCALAR_ATOMIC("swap", Swap)
  GCNSIM_SCALAR_ATOMIC("cmpswap", CmpSwap)
  GCNSIM_SCALAR_ATOMIC("add", Add)
  GCNSIM_SCALAR_ATOMIC("sub", Sub)
  GCNSIM_SCALAR_ATOMIC("smin", SMin)
  GCNSIM_SCALAR_ATOMIC("umin", UMin)
  GCNSIM_SCALAR_ATOMIC("smax", SMax)
  GCNSIM_SCALAR_ATOMIC("umax", UMax)
  GCNSIM_SCALAR_ATOMIC("and", And)
  GCNSIM_SCALAR_ATOMIC("or", Or)
  GCNSIM_SCALAR_ATOMIC("xor", Xor)
  GCNSIM_SCALAR_ATOMIC("inc", Inc)
  GCNSIM_SCALAR_ATOMIC("dec", Dec)
#undef GCNSIM_SCALAR_ATOMIC
}

}  // namespace gcnsim::sim::scalar
