// Per-lane addresses of DS and vector-memory instructions, for the LDS bank
// model and the coalescer. Computed from the decoded instruction and the
// registers before the instruction runs; they only steer timing, never data.
#include "memory/buffer_address.hpp"
#include "memory/buffer_resource.hpp"
#include "sim/operand_access.hpp"
#include "sim/timing/gpu_timing.hpp"

namespace gcnsim::sim::timing {

// DS: ADDR = VGPR[ADDR] + OFFSET (one address), or + OFFSET0/OFFSET1 x
// element size (x 64 for *st64) for read2/write2 (reference/clrx/GcnInstrsDs.md).
void GpuTiming::dsAddresses(const WaveState& w, const TimedInst& ti) {
  dsExtra_ = 0;
  dsFirstAddr_ = dsLanes_ = 0;
  const OpTiming& op = *ti.op;
  const isa::DecodedInst& in = ti.ci->inst;
  if (op.dsAddrs == 0 || in.addr.kind != isa::OpdKind::VReg || in.addr.reg >= w.numVgprs) return;
  const uint32_t* base = w.v(in.addr.reg);
  const uint64_t exec = w.exec();
  dsLanes_ = uint32_t(__builtin_popcountll(exec));
  const unsigned per = cfg_.lds.lanesPerPass, shift = unsigned(__builtin_ctz(cfg_.lds.bankBytes));
  const uint32_t banks = cfg_.lds.banks, bankMask = banks - 1;
  const uint32_t off[2] = {op.dsAddrs == 1 ? uint32_t(in.mem.offset) & 0xffff
                                           : (uint32_t(in.mem.offset) & 0xff) * op.dsOffsetScale,
                           uint32_t(in.mem.offset1) * op.dsOffsetScale};
  if (exec) dsFirstAddr_ = base[__builtin_ctzll(exec)] + off[0];
  const unsigned dwords = op.dsDwordsPerAddr, step = 4u >> shift;
  uint32_t words[kWaveSize * 8];
  for (unsigned first = 0; first < kWaveSize; first += per) {
    const uint64_t group = per >= 64 ? exec : exec & (((uint64_t{1} << per) - 1) << first);
    // Gather the dword addresses and, on the way, test the common cases:
    // every access in its own bank, or all on one address (broadcast).
    unsigned n = 0;
    uint64_t seen = 0;
    bool dup = false;
    auto note = [&](uint32_t word) {
      const uint64_t bit = uint64_t{1} << (word & bankMask & 63);
      dup |= (seen & bit) != 0;
      seen |= bit;
      words[n++] = word;
    };
    if (op.dsAddrs == 1 && dwords == 1) {
      for (uint64_t m = group; m; m &= m - 1) note((base[__builtin_ctzll(m)] + off[0]) >> shift);
    } else {
      for (uint64_t m = group; m; m &= m - 1) {
        const unsigned lane = unsigned(__builtin_ctzll(m));
        for (unsigned k = 0; k < op.dsAddrs; ++k) {
          const uint32_t word = (base[lane] + off[k]) >> shift;
          for (unsigned d = 0; d < dwords; ++d) note(word + d * step);
        }
      }
    }
    if (n == 0) continue;
    bool same = dup || n == 1;  // without a bank repeat, n > 1 words cannot all be equal
    if (dup)
      for (unsigned i = 1; i < n && same; ++i) same = words[i] == words[0];
    if ((!dup && banks <= 64) || same) continue;
    bank_->begin();
    for (unsigned i = 0; i < n; ++i) bank_->add(words[i] << shift, first);
    dsExtra_ += bank_->finish();
  }
}

// Vector memory: the address each active lane touches, and its size.
//  MUBUF/MTBUF: memory::computeBufferAddress (seeds/001_2fc8a7f12b5d60d9.txt).
//  GLOBAL: SADDR + VGPR offset or the VGPR pair, + OFFSET. FLAT: the flat
//  address itself (the cache models key on it). SCRATCH: the wave's scratch
//  base + the swizzled offset (dword-interleaved across lanes).
void GpuTiming::vmemAddresses(const WaveState& w, const TimedInst& ti) {
  vmAddr_.clear();
  vmBytes_.clear();
  const isa::DecodedInst& in = ti.ci->inst;
  const uint32_t bytes = 4u * std::max<uint32_t>(ti.op->dwords, 1);
  const uint64_t exec = w.exec();
  auto vrow = [&](unsigned i) -> const uint32_t* {
    if (in.addr.kind != isa::OpdKind::VReg || in.addr.reg + i >= w.numVgprs ||
        i >= std::max<unsigned>(in.addr.nregs, 1))
      return nullptr;
    return w.v(in.addr.reg + i);
  };
  const uint32_t* v0 = vrow(0);
  const uint32_t* v1 = vrow(1);
  switch (in.encoding) {
    case isa::Format::MUBUF:
    case isa::Format::MTBUF: {
      if (in.rsrc.kind != isa::OpdKind::SReg || in.rsrc.reg + 4u > kScalarFileSize) return;
      const memory::BufferResource r = memory::BufferResource::decode(&w.sreg[in.rsrc.reg], w.gen);
      memory::BufferAccess a;
      a.sgprOffset = readScalar32(w, in.soffset, &env_.special);
      a.instOffset = uint32_t(in.mem.offset) & 0xfff;
      a.addr64 = in.mem.addr64 && w.gen <= isa::Gen::GCN11;
      a.offen = in.mem.offen && !a.addr64;
      a.idxen = in.mem.idxen && !a.addr64;
      a.bytes = bytes;
      for (unsigned l = 0; l < kWaveSize; ++l) {
        if (!(exec >> l & 1)) continue;
        a.laneId = l;
        if (a.addr64 && v0 && v1)
          a.vaddr64 = uint64_t(v0[l]) | uint64_t(v1[l]) << 32;
        else if (a.idxen && a.offen && v0 && v1)
          a.vgprIndex = v0[l], a.vgprOffset = v1[l];
        else if (a.idxen && v0)
          a.vgprIndex = v0[l];
        else if (a.offen && v0)
          a.vgprOffset = v0[l];
        const memory::BufferAddress b = memory::computeBufferAddress(r, a);
        if (!b.inRange) continue;
        vmAddr_.push_back(b.address);
        vmBytes_.push_back(bytes);
      }
      return;
    }
    case isa::Format::GLOBAL:
    case isa::Format::FLAT:
    case isa::Format::SCRATCH: {
      const bool saddr = in.soffset.kind == isa::OpdKind::SReg;
      const uint64_t s = !saddr                               ? 0
                         : in.encoding == isa::Format::GLOBAL ? readScalar64(w, in.soffset)
                                                              : readScalar32(w, in.soffset);
      const int64_t off = in.mem.offset;
      for (unsigned l = 0; l < kWaveSize; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint64_t v = v0 ? (v1 ? uint64_t(v0[l]) | uint64_t(v1[l]) << 32 : v0[l]) : 0;
        uint64_t addr;
        if (in.encoding == isa::Format::SCRATCH) {
          const uint32_t o = uint32_t((saddr ? uint32_t(s) : uint32_t(v)) + int32_t(off));
          addr = w.scratchBase + uint64_t(o / 4) * 256 + l * 4u;
        } else if (saddr) {
          addr = s + uint32_t(v) + uint64_t(off);
        } else {
          addr = v + uint64_t(off);
        }
        vmAddr_.push_back(addr);
        vmBytes_.push_back(bytes);
      }
      return;
    }
    default: return;
  }
}

}  // namespace gcnsim::sim::timing
