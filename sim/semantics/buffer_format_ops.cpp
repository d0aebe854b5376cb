// Formatted buffer accesses: BUFFER_LOAD/STORE_FORMAT_* (format and DST_SEL
// from the V#) and TBUFFER_LOAD/STORE_FORMAT_* (MTBUF: format from the
// instruction's DFMT/NFMT, identity DST_SEL), seeds/001_2fc8a7f12b5d60d9.txt
// "MUBUF/MTBUF format conversion":
//   TBUFFER_*_FORMAT_*  | instruction | instruction | identity
//   BUFFER_*_FORMAT_*   | resource    | resource    | resource
// Conversion is memory::unpackFormat/packFormat/applyDstSel
// (memory/buffer_format.hpp).
//
// One element of formatBytes(DFMT) bytes per lane at the lane's buffer
// address; it is range checked as a whole (out of range: all components read
// 0 -- DST_SEL is not applied -- and stores are dropped).
// D16 forms: GCN 1.2 keeps each 16-bit component in the low half of its own
// VGPR (unpacked), GCN 1.4 packs two per VGPR (x in bits 0-15) and keeps the
// unwritten half of a VGPR; _D16_HI_X uses bits 16-31.
// A store with fewer components than the format has (e.g. STORE_FORMAT_X to an
// 8_8_8_8 element) changes only the bits of the components it supplies.
// An invalid format (DFMT 0/15, a read-only NFMT on a store, FLOAT with 8-bit
// components, ...) is a fault naming the format.
#include <cstring>

#include "memory/buffer_format.hpp"
#include "sim/semantics.hpp"
#include "sim/semantics/mem_buffer.hpp"
#include "sim/semantics/mem_register.hpp"

namespace gcnsim::sim::mem {
namespace {

enum class D16 : uint8_t { No, Lo, Hi };

struct Format {
  uint32_t dfmt, nfmt;
  std::array<uint8_t, 4> sel;
  bool useSel;
};

bool formatOf(Exec& x, const BufferCtx& c, bool typed, bool forWrite, Format& f) {
  if (typed)
    f = {x.in.mem.dfmt, x.in.mem.nfmt, {4, 5, 6, 7}, false};
  else
    f = {c.rsrc.dataFormat, c.rsrc.numFormat, c.rsrc.dstSel(), true};
  const memory::FormatStatus st = memory::checkFormat(f.dfmt, f.nfmt, forWrite);
  if (st == memory::FormatStatus::Ok) return true;
  x.fault(std::string(x.in.info->name) + ": format " + memory::bufDataFormatName(f.dfmt) + "/" +
          memory::bufNumFormatName(f.nfmt) + (typed ? " (instruction)" : " (buffer resource)") + ": " +
          memory::formatStatusMessage(st));
  return false;
}

// Number of VGPRs holding N components.
unsigned dataDwords(isa::Gen g, unsigned n, D16 d16) {
  if (d16 == D16::No) return n;
  if (d16 == D16::Hi) return 1;
  return g == isa::Gen::GCN12 ? n : (n + 1) / 2;
}

// Reads `bytes` bytes of an element; false after a fault.
// `record`: report the access to the timing model (false when a store reads
// the element it is about to merge into: the store records it).
bool readElement(Exec& x, const memory::BufferAddress& a, uint32_t bytes, uint8_t* dst, unsigned lane,
                 bool record = true) {
  if (record) x.recordAccess(a.address, bytes, lane);
  if (x.env.global->read(a.address, dst, bytes)) return true;
  globalFault(x, "load from", a.address, lane);
  return false;
}

// *_LOAD_FORMAT_<N comps>: VDATA = LOAD_FORMAT(SRSRC, VADDR, SOFFSET, OFFSET)
template <unsigned N, bool TYPED, D16 DH>
void loadFormat(Exec& x) {
  BufferCtx c;
  Format f;
  if (!bufferCtx(x, c) || !formatOf(x, c, TYPED, false, f)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t bytes = uint32_t(memory::formatBytes(f.dfmt));
  const uint32_t one = memory::formatOneValue(f.nfmt);
  const bool toLds = x.in.mem.lds && !TYPED && N == 1 && DH == D16::No;
  if (toLds && !ldsDirectReady(x)) return;
  const unsigned dw = dataDwords(x.w.gen, N, DH);
  uint32_t* out = toLds ? nullptr : x.deferVgprs(x.in.dst.reg, uint8_t(dw + (x.in.mem.tfe ? 1 : 0)), exec);
  const bool packed = DH == D16::Lo && x.w.gen != isa::Gen::GCN12;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const memory::BufferAddress a = c.at(l, 0, bytes);
    uint32_t comp[4] = {0, 0, 0, 0};
    if (a.allInRange) {
      uint8_t raw[16] = {};
      if (!readElement(x, a, bytes, raw, l)) return;
      uint32_t un[4];
      memory::unpackFormat(raw, f.dfmt, f.nfmt, un);
      if (f.useSel)
        memory::applyDstSel(un, f.sel, one, comp);
      else
        std::memcpy(comp, un, sizeof comp);
    }
    if (toLds) {
      ldsDirectStore(x, l, comp[0]);
      continue;
    }
    if constexpr (DH == D16::No) {
      for (unsigned i = 0; i < N; ++i) out[i * kWaveSize + l] = comp[i];
    } else if constexpr (DH == D16::Hi) {
      out[l] = uint32_t(memory::toD16(comp[0], f.nfmt)) << 16 | (x.w.v(x.in.dst.reg)[l] & 0xffffu);
    } else if (!packed) {
      for (unsigned i = 0; i < N; ++i) out[i * kWaveSize + l] = memory::toD16(comp[i], f.nfmt);
    } else {
      for (unsigned d = 0; d < dw; ++d) {
        const uint32_t lo = memory::toD16(comp[2 * d], f.nfmt);
        const uint32_t hi = 2 * d + 1 < N ? uint32_t(memory::toD16(comp[2 * d + 1], f.nfmt))
                                          : x.w.v(x.in.dst.reg + d)[l] >> 16;
        out[d * kWaveSize + l] = lo | hi << 16;
      }
    }
  }
  if (!toLds && x.in.mem.tfe)
    for (unsigned l = 0; l < kWaveSize; ++l) out[dw * kWaveSize + l] = 0;
}

// Keeps only the bits of components [0, n) of `fresh`, the rest from `old`.
void mergeComponents(uint32_t dfmt, unsigned n, const uint8_t* fresh, uint8_t* old) {
  const memory::DataFormatInfo* info = memory::dataFormatInfo(dfmt);
  unsigned bit = 0;
  for (unsigned i = 0; i < info->components; ++i) {
    const unsigned width = info->bits[i];
    if (i < n)
      for (unsigned b = bit; b < bit + width; ++b) {
        const uint8_t m = uint8_t(1u << (b & 7));
        old[b >> 3] = uint8_t((old[b >> 3] & ~m) | (fresh[b >> 3] & m));
      }
    bit += width;
  }
}

// *_STORE_FORMAT_<N comps>: STORE_FORMAT(SRSRC, VADDR, SOFFSET, OFFSET, VDATA)
template <unsigned N, bool TYPED, D16 DH>
void storeFormat(Exec& x) {
  BufferCtx c;
  Format f;
  if (!bufferCtx(x, c) || !formatOf(x, c, TYPED, true, f)) return;
  const uint64_t exec = x.w.exec();
  const uint32_t bytes = uint32_t(memory::formatBytes(f.dfmt));
  const unsigned fmtComps = unsigned(memory::formatComponents(f.dfmt));
  const bool packed = DH == D16::Lo && x.w.gen != isa::Gen::GCN12;
  const unsigned dreg = x.in.data0.reg;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    if (!(exec >> l & 1)) continue;
    const memory::BufferAddress a = c.at(l, 0, bytes);
    if (!a.allInRange) continue;
    uint32_t comp[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < N; ++i) {
      if constexpr (DH == D16::No) {
        comp[i] = x.w.v(dreg + i)[l];
      } else {
        const uint32_t reg = DH == D16::Hi ? x.w.v(dreg)[l] >> 16
                             : packed      ? x.w.v(dreg + i / 2)[l] >> (16 * (i & 1))
                                           : x.w.v(dreg + i)[l];
        comp[i] = memory::fromD16(uint16_t(reg), f.nfmt);
      }
    }
    uint8_t fresh[16] = {};
    memory::packFormat(comp, f.dfmt, f.nfmt, fresh);
    if (N < fmtComps) {
      uint8_t cur[16] = {};
      if (!readElement(x, a, bytes, cur, l, false)) return;
      mergeComponents(f.dfmt, N, fresh, cur);
      std::memcpy(fresh, cur, bytes);
    }
    x.recordAccess(a.address, bytes, l);
    if (!x.env.global->write(a.address, fresh, bytes)) {
      globalFault(x, "store to", a.address, l);
      return;
    }
  }
}

struct Entry {
  const char* name;
  SemFn fn;
};

#define FORMAT_OPS(P, TYPED)                                                                                 \
  {P "load_format_x", &loadFormat<1, TYPED, D16::No>}, {P "load_format_xy", &loadFormat<2, TYPED, D16::No>}, \
      {P "load_format_xyz", &loadFormat<3, TYPED, D16::No>},                                                 \
      {P "load_format_xyzw", &loadFormat<4, TYPED, D16::No>},                                                \
      {P "store_format_x", &storeFormat<1, TYPED, D16::No>},                                                 \
      {P "store_format_xy", &storeFormat<2, TYPED, D16::No>},                                                \
      {P "store_format_xyz", &storeFormat<3, TYPED, D16::No>},                                               \
      {P "store_format_xyzw", &storeFormat<4, TYPED, D16::No>},                                              \
      {P "load_format_d16_x", &loadFormat<1, TYPED, D16::Lo>},                                               \
      {P "load_format_d16_xy", &loadFormat<2, TYPED, D16::Lo>},                                              \
      {P "load_format_d16_xyz", &loadFormat<3, TYPED, D16::Lo>},                                             \
      {P "load_format_d16_xyzw", &loadFormat<4, TYPED, D16::Lo>},                                            \
      {P "store_format_d16_x", &storeFormat<1, TYPED, D16::Lo>},                                             \
      {P "store_format_d16_xy", &storeFormat<2, TYPED, D16::Lo>},                                            \
      {P "store_format_d16_xyz", &storeFormat<3, TYPED, D16::Lo>}, {                                         \
    P "store_format_d16_xyzw", &storeFormat<4, TYPED, D16::Lo>                                               \
  }

// The d16_hi forms exist for MUBUF only (GCN 1.4).
const Entry kFormatOps[] = {FORMAT_OPS("buffer_", false),
                            FORMAT_OPS("tbuffer_", true),
                            {"buffer_load_format_d16_hi_x", &loadFormat<1, false, D16::Hi>},
                            {"buffer_store_format_d16_hi_x", &storeFormat<1, false, D16::Hi>}};
#undef FORMAT_OPS

}  // namespace

void registerBufferFormatOps(SemRegistry& r) {
  for (const Entry& e : kFormatOps) r.add(e.name, e.fn);
}

}  // namespace gcnsim::sim::mem
