// What the checks need to know about one instruction, derived once per code
// address from its decoded form (sim/timing/inst_class.hpp registerMasks for
// the register sets) and its table row's columns: flags, layout, unit, operand
// types and timing role (isa/opinfo.hpp, set by isa/tables/inst_facts.txt and
// timing_facts.txt). No mnemonic is compared (CTest "style: codecs read no
// mnemonics" checks it).
#pragma once
#include <cstdint>

#include "isa/decoded.hpp"
#include "isa/operands.hpp"
#include "sim/timing/inst_class.hpp"

namespace gcnsim::sim::check {

using timing::RegMask;

// The wait counter a memory instruction counts on, and how its returns are
// ordered (sim/timing/memory_pipes.hpp states the rules with sources):
//  Vm    VM_CNT, returns in issue order (MUBUF/MTBUF, GLOBAL, SCRATCH, FLAT
//        that reached no LDS)
//  Ds    LGKM_CNT, in order among DS instructions (LDS and GDS)
//  Smem  LGKM_CNT, out of order: only lgkmcnt(0) is sure to cover it
//  Flat  a FLAT access that reached LDS: VM_CNT and LGKM_CNT, only a count of
//        0 on either covers it
//  Msg   s_sendmsg: LGKM_CNT, no data
enum class Order : uint8_t { None, Vm, Ds, Smem, Flat, Msg };

struct InstFacts {
  isa::DecodedInst inst;  // a copy, for the disassembly of findings
  RegMask reads, writes;
  RegMask sgprWrites;     // SGPRs and VCC written (not EXEC, not M0)
  RegMask vmemSgprReads;  // VMEM: SGPRs read (V#, SOFFSET, SADDR; not EXEC, not M0)
  RegMask laneSelect;     // v_readlane/v_writelane: the lane-select SGPR
  RegMask storeData;      // a store of more than 8 bytes: its data VGPRs (the X3/X4 wait-state rule)
  RegMask loadDst;        // registers written with data from memory
  // isa::kSrc2HighToDstHigh (v_mad_u64_u32): the high dword of SRC2, and the result's high dword, the only
  // one it reaches (the uninitialized-read check passes an undefined addend dword on to it).
  RegMask highAddend, highResult;
  RegMask vmemStoreData;            // VMEM store (not atomic): its data registers
  uint32_t waitStates = 1;          // wait states it provides to later instructions (s_nop N: N + 1)
  uint16_t sbufferDword2 = 0xffff;  // S_BUFFER_*: the SGPR holding the third dword of the V#
  uint8_t hwreg = 0xff;             // s_setreg/s_getreg: hardware register id
  Order order = Order::None;
  bool valu = false, salu = false, vmem = false, smem = false, ds = false;
  bool flatFormat = false;  // FLAT encoding (may reach LDS), not GLOBAL/SCRATCH
  bool gds = false, sendmsg = false, movrel = false, ldsDma = false;
  bool setreg = false, getreg = false, setvskip = false, divFmas = false, dpp = false;
  bool setsVskip = false;  // s_setreg of a MODE field that holds VSKIP (bit 28)
  bool readsVccz = false, readsExecz = false;
  bool waitcnt = false, barrier = false, endpgm = false;
  bool ldsRead = false, ldsWrite = false;      // DS: reads / writes the LDS it addresses
  timing::WaitcntLimits limits;                // s_waitcnt
  uint32_t hazardFirst = 0, hazardSecond = 0;  // hazard rules it can be the first / second instruction of
};

InstFacts analyzeInstruction(const isa::DecodedInst& in, isa::Gen gen);

inline bool anyS(const RegMask& m) { return m.s[0] | m.s[1]; }
inline bool anyV(const RegMask& m) { return m.v[0] | m.v[1] | m.v[2] | m.v[3]; }
inline bool hasS(const RegMask& m, unsigned code) { return (m.s[code >> 6] >> (code & 63)) & 1; }
inline RegMask intersect(const RegMask& a, const RegMask& b) {
  RegMask r;
  for (int i = 0; i < 2; ++i) r.s[i] = a.s[i] & b.s[i];
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] & b.v[i];
  return r;
}
inline RegMask without(const RegMask& a, const RegMask& b) {
  RegMask r;
  for (int i = 0; i < 2; ++i) r.s[i] = a.s[i] & ~b.s[i];
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] & ~b.v[i];
  return r;
}
inline void merge(RegMask& a, const RegMask& b) {
  for (int i = 0; i < 2; ++i) a.s[i] |= b.s[i];
  for (int i = 0; i < 4; ++i) a.v[i] |= b.v[i];
}
// "s5", "v[3]" style name of the lowest register in `m` ("" if none).
std::string firstRegister(const RegMask& m);

}  // namespace gcnsim::sim::check
