#include "sim/check/inst_facts.hpp"

#include <string>

#include "sim/check/hazard_rules.hpp"

namespace gcnsim::sim::check {
namespace {

RegMask sgprsOnly(const RegMask& m) {
  RegMask r{m.s, {}};
  r.s[isa::code::kM0 >> 6] &= ~(1ull << (isa::code::kM0 & 63));
  r.s[isa::code::kExecLo >> 6] &= ~(3ull << (isa::code::kExecLo & 63));
  return r;
}

}  // namespace

std::string firstRegister(const RegMask& m) {
  for (unsigned i = 0; i < 2; ++i)
    if (m.s[i]) {
      const unsigned code = i * 64 + unsigned(__builtin_ctzll(m.s[i]));
      if (code == isa::code::kVccLo || code == isa::code::kVccHi) return "vcc";
      if (code == isa::code::kM0) return "m0";
      if (code == isa::code::kExecLo || code == isa::code::kExecHi) return "exec";
      return "s" + std::to_string(code);
    }
  for (unsigned i = 0; i < 4; ++i)
    if (m.v[i]) return "v" + std::to_string(i * 64 + unsigned(__builtin_ctzll(m.v[i])));
  return "";
}

InstFacts analyzeInstruction(const isa::DecodedInst& in, isa::Gen gen) {
  InstFacts f;
  f.inst = in;
  if (!in.valid()) return f;
  const isa::OpInfo& op = *in.info;
  timing::registerMasks(in, f.reads, f.writes);
  f.sgprWrites = sgprsOnly(f.writes);
  f.valu = op.unit == isa::Unit::VALU;
  f.salu = op.unit == isa::Unit::SALU;
  f.vmem = op.unit == isa::Unit::VMEM;
  f.smem = op.unit == isa::Unit::SMEM;
  f.ds = op.unit == isa::Unit::DS;
  f.flatFormat = in.encoding == isa::Format::FLAT;
  const bool load = op.has(isa::kLoad), store = op.has(isa::kStore), atomic = op.has(isa::kAtomic);

  // Memory: counters, ordering and the registers written from memory.
  if (f.smem) {
    f.order = Order::Smem;
    if (load || op.timing.role == isa::TimingRole::MemTime || (atomic && in.mem.glc)) f.loadDst = f.writes;
    // S_BUFFER_*: SBASE is a buffer resource (V#, 128 bits), not a 64-bit address.
    if (op.src0 == isa::OpType::B128 && in.src[0].kind == isa::OpdKind::SReg)
      f.sbufferDword2 = uint16_t(in.src[0].reg + 2);
  } else if (f.vmem) {
    f.order = Order::Vm;
    if ((load || (atomic && in.mem.glc)) && !in.mem.lds) f.loadDst = f.writes;
    f.vmemSgprReads = sgprsOnly(f.reads);
    if (store && !atomic && in.data0.kind == isa::OpdKind::VReg) f.vmemStoreData.add(in.data0);
    f.ldsDma = in.mem.lds;
    // "BUFFER_STORE_* operations that use an SGPR for "offset" do not require any wait states" (Vega ISA
    // Table 8).
    const bool mubuf = in.encoding == isa::Format::MUBUF || in.encoding == isa::Format::MTBUF;
    if ((store || atomic) && in.data0.kind == isa::OpdKind::VReg && in.data0.nregs > 2 &&
        !(mubuf && in.soffset.kind == isa::OpdKind::SReg))
      f.storeData.addV(in.data0.reg, in.data0.nregs);
  } else if (f.ds) {
    f.order = Order::Ds;
    if (in.dst.present()) f.loadDst = f.writes;
    f.gds = in.mem.gds || op.has(isa::kGdsOnly);
    f.ldsDma = op.has(isa::kDsAddTid);
    f.ldsRead = load || atomic || !store;
    f.ldsWrite = store || atomic || !load;
  } else if (op.unit == isa::Unit::MSG) {
    f.order = Order::Msg;
  }
  f.sendmsg = op.has(isa::kMessage);
  f.movrel = f.salu && op.has(isa::kM0Index);  // s_movrel* (the hazard rule is the scalar one)
  f.setreg = op.has(isa::kWritesHwreg);
  f.getreg = op.has(isa::kReadsHwreg);
  if (f.setreg || f.getreg) f.hwreg = uint8_t(uint32_t(in.simm16) & 0x3f);  // hwreg id: SIMM16[5:0]
  f.setvskip = op.has(isa::kWritesVskip);
  if (f.setreg && f.hwreg == 1) {  // HW_REG_MODE; SIMM16 = size-1 [15:11], offset [10:6], id [5:0]
    const uint32_t offset = (uint32_t(in.simm16) >> 6) & 31, size = ((uint32_t(in.simm16) >> 11) & 31) + 1;
    f.setsVskip = offset <= 28 && 28 < offset + size;
  }
  f.divFmas = op.has(isa::kReadsVccInVop3);  // v_div_fmas, the one such op (inst_facts.txt)
  f.dpp = f.valu && in.vopEnc == isa::VopEnc::DPP;
  if (op.has(isa::kSrc2HighToDstHigh) && in.dst.kind == isa::OpdKind::VReg &&
      (in.src[2].kind == isa::OpdKind::VReg || in.src[2].kind == isa::OpdKind::SReg)) {
    isa::Operand high = in.src[2];
    high.reg += 1, high.nregs = 1;
    f.highAddend.add(high);
    f.highResult.addV(in.dst.reg + 1, 1);
  }
  const bool laneOp = op.layout == isa::Layout::ReadLane || op.layout == isa::Layout::WriteLane;
  if (laneOp && in.src[1].kind == isa::OpdKind::SReg) f.laneSelect.add(in.src[1]);
  if (f.valu)
    for (const isa::Operand& o : in.src) {
      f.readsVccz |= o.kind == isa::OpdKind::Vccz;
      f.readsExecz |= o.kind == isa::OpdKind::Execz;
    }
  f.waitcnt = op.timing.role == isa::TimingRole::Waitcnt;
  if (f.waitcnt) f.limits = timing::decodeWaitcnt(uint32_t(in.simm16), gen);
  f.barrier = op.timing.role == isa::TimingRole::Barrier;
  f.endpgm = op.timing.role == isa::TimingRole::EndPgm;
  // "S_NOP: Do nothing. Repeat NOP 1..16 times based on SIMM16[3:0]" (Vega ISA, SOPP); LLVM
  // SIInstrInfo::getNumWaitStates: s_nop N counts N + 1.
  if (op.timing.role == isa::TimingRole::Nop) f.waitStates = (uint32_t(in.simm16) & 0xf) + 1;
  f.hazardFirst = hazardFirstRoles(f, gen);
  f.hazardSecond = hazardSecondRoles(f, gen);
  return f;
}

}  // namespace gcnsim::sim::check
