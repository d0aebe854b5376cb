// Address generation of MUBUF/MTBUF instructions, shared by buffer_ops.cpp
// and buffer_format_ops.cpp. The address math itself (index/offset, swizzle,
// ADDR64, range checks for STRIDE==0 and STRIDE!=0) is memory::
// computeBufferAddress (memory/buffer_address.hpp, seeds/001_2fc8a7f12b5d60d9.txt
// "Buffer addressing"); this header only gathers its per-lane inputs:
//   IDXEN OFFEN | index reg | offset reg          ADDR64 (GCN 1.0/1.1): VADDR(2)
//     1     0   | VGPR[V]   |                     is a 64-bit address,
//     0     1   |           | VGPR[V]             no range checking
//     1     1   | VGPR[V]   | VGPR[V+1]
#pragma once
#include <cstdint>
#include <string>

#include "memory/buffer_address.hpp"
#include "memory/buffer_resource.hpp"
#include "memory/global_memory.hpp"
#include "memory/lds.hpp"
#include "sim/semantics/mem_common.hpp"

namespace gcnsim::sim::mem {

struct BufferCtx {
  memory::BufferResource rsrc;
  uint32_t soffset = 0;
  uint32_t instOffset = 0;
  const uint32_t* v0 = nullptr;  // VADDR
  const uint32_t* v1 = nullptr;  // VADDR+1 (IDXEN+OFFEN, ADDR64)
  bool offen = false, idxen = false, addr64 = false;
  bool unaligned = false;    // ExecEnv::unalignedBuffers
  AccessLog* log = nullptr;  // counts the accesses the range check drops (the checker's bounds check)

  // Address of `bytes` bytes at instruction offset + `extra` for `lane`.
  memory::BufferAddress at(unsigned lane, uint32_t extra, uint32_t bytes) const {
    memory::BufferAccess a;
    a.sgprOffset = soffset;
    a.instOffset = instOffset + extra;
    a.laneId = lane;
    a.offen = offen;
    a.idxen = idxen;
    a.addr64 = addr64;
    a.bytes = bytes;
    a.unaligned = unaligned;
    if (addr64) {
      a.vaddr64 = u64Of(v0[lane], v1[lane]);
    } else if (idxen && offen) {
      a.vgprIndex = v0[lane];
      a.vgprOffset = v1[lane];
    } else if (idxen) {
      a.vgprIndex = v0[lane];
    } else if (offen) {
      a.vgprOffset = v0[lane];
    }
    const memory::BufferAddress out = memory::computeBufferAddress(rsrc, a);
    if (log && !out.allInRange) [[unlikely]]
      ++log->clipped;
    return out;
  }
};

// Reads the V# and the address operands; faults and returns false on a
// malformed instruction or a missing global memory.
inline bool bufferCtx(Exec& x, BufferCtx& c) {
  if (operandsMissing(x)) return false;
  if (!x.env.global) {
    x.fault(std::string(x.in.info->name) + ": no global memory in this dispatch");
    return false;
  }
  const isa::Operand& r = x.in.rsrc;
  if (r.kind != isa::OpdKind::SReg || r.reg + 4u > kScalarFileSize) {
    x.fault(std::string(x.in.info->name) + ": buffer resource is not an SGPR quad");
    return false;
  }
  c.rsrc = memory::BufferResource::decode(&x.w.sreg[r.reg], x.w.gen);
  c.soffset = readScalar32(x.w, x.in.soffset, &x.env.special);
  c.instOffset = uint32_t(x.in.mem.offset) & 0xfff;
  c.log = x.log;
  c.unaligned = x.env.unalignedBuffers;
  c.addr64 = x.in.mem.addr64 && x.w.gen <= isa::Gen::GCN11;
  c.offen = x.in.mem.offen && !c.addr64;
  c.idxen = x.in.mem.idxen && !c.addr64;
  const unsigned need = (c.addr64 || (c.offen && c.idxen)) ? 2 : (c.offen || c.idxen) ? 1 : 0;
  if (need > 0) {
    if (!x.in.addr.present() || x.in.addr.nregs < need) {
      x.fault(std::string(x.in.info->name) + ": VADDR missing for OFFEN/IDXEN/ADDR64");
      return false;
    }
    c.v0 = x.w.v(x.in.addr.reg);
    if (need == 2) c.v1 = x.w.v(x.in.addr.reg + 1);
  }
  return true;
}

// Global-memory access of an in-range lane; faults (returns false) when
// unmapped. Out-of-range lanes never call these ("Reads are zero and writes
// are ignored for an addresses out of range", seed 001).
// Both record the access for the timing model; the write-back of an atomic
// passes record = false (its read already recorded the access).
template <class T>
inline bool gload(Exec& x, uint64_t addr, T& v, unsigned lane) {
  x.recordAccess(addr, sizeof(T), lane);
  if (x.env.global->load(addr, v)) return true;
  globalFault(x, "load from", addr, lane);
  return false;
}
template <class T>
inline bool gstore(Exec& x, uint64_t addr, const T& v, unsigned lane, bool record = true) {
  if (record) x.recordAccess(addr, sizeof(T), lane);
  if (x.env.global->store(addr, v)) return true;
  globalFault(x, "store to", addr, lane);
  return false;
}

// LDS-direct destination of a buffer load with the LDS bit:
// "LDS_ADDR = LDS_BASE + (M0&0xffff) + LANEID*4" (seed 001; LDS_BASE is 0 for
// the workgroup's own memory::Lds). M0 is the base here, not a limit: the
// address is checked against the allocation only.
inline bool ldsDirectReady(Exec& x) {
  if (x.env.lds) return true;
  x.fault(std::string(x.in.info->name) + ": LDS-direct load but the workgroup has no LDS");
  return false;
}
inline void ldsDirectStore(Exec& x, unsigned lane, uint32_t v) {
  x.env.lds->store(memory::Lds::bufferLoadLdsAddress(0, x.w.m0(), lane), v, x.env.ldsBytes);
}

}  // namespace gcnsim::sim::mem
