#include "sim/check/inst_facts.hpp"

#include <string>
#include <string_view>

#include "sim/check/hazard_rules.hpp"

namespace gcnsim::sim::check {
namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

RegMask sgprsOnly(const RegMask& m) {
  RegMask r{m.s, {}};
  r.s[isa::code::kM0 >> 6] &= ~(1ull << (isa::code::kM0 & 63));
  r.s[isa::code::kExecLo >> 6] &= ~(3ull << (isa::code::kExecLo & 63));
  return r;
}

// registerMasks adds the VCC of the table's implicit-VCC flags whatever the
// encoding; in VOP3 a compare or carry op names its SGPR destination (SDST)
// and its carry-in or mask (SRC2) explicitly, so VCC is only what they name
// (v_div_fmas reads VCC in every encoding).
void dropImplicitVcc(const isa::DecodedInst& in, InstFacts& f) {
  RegMask named;
  for (const isa::Operand* o : {&in.dst, &in.sdst, &in.src[0], &in.src[1], &in.src[2]}) named.add(*o);
  RegMask vcc;
  vcc.addS(isa::code::kVccLo, 2);
  const RegMask implicit = without(vcc, named);
  if (in.dst.kind == isa::OpdKind::SReg || in.sdst.kind == isa::OpdKind::SReg)
    f.writes = without(f.writes, implicit);
  if (in.src[2].kind == isa::OpdKind::SReg && !std::string_view(in.info->name).starts_with("v_div_fmas"))
    f.reads = without(f.reads, implicit);
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
  const std::string_view name = op.name;
  timing::registerMasks(in, f.reads, f.writes);
  if (in.encoding == isa::Format::VOP3) dropImplicitVcc(in, f);
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
    if (startsWith(name, "s_buffer_") && in.src[0].kind == isa::OpdKind::SReg)
      f.sbufferDword2 = uint16_t(in.src[0].reg + 2);
  } else if (f.vmem) {
    f.order = Order::Vm;
    if ((load || (atomic && in.mem.glc)) && !in.mem.lds) f.loadDst = f.writes;
    f.vmemSgprReads = sgprsOnly(f.reads);
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
    f.gds = in.mem.gds || startsWith(name, "ds_gws");
    f.ldsDma = name.find("addtid") != std::string_view::npos;
    f.ldsRead = load || atomic || !store;
    f.ldsWrite = store || atomic || !load;
  } else if (op.unit == isa::Unit::MSG) {
    f.order = Order::Msg;
    f.sendmsg = true;
  }
  if (name == "s_ttracedata") f.sendmsg = true;

  f.movrel = startsWith(name, "s_movrel");
  f.setreg = startsWith(name, "s_setreg");
  f.getreg = name == "s_getreg_b32";
  if (f.setreg || f.getreg) f.hwreg = uint8_t(uint32_t(in.simm16) & 0x3f);  // hwreg id: SIMM16[5:0]
  f.setvskip = name == "s_setvskip";
  if (f.setreg && f.hwreg == 1) {  // HW_REG_MODE; SIMM16 = size-1 [15:11], offset [10:6], id [5:0]
    const uint32_t offset = (uint32_t(in.simm16) >> 6) & 31, size = ((uint32_t(in.simm16) >> 11) & 31) + 1;
    f.setsVskip = offset <= 28 && 28 < offset + size;
  }
  f.divFmas = startsWith(name, "v_div_fmas");
  f.dpp = f.valu && in.vopEnc == isa::VopEnc::DPP;
  if ((name == "v_readlane_b32" || name == "v_writelane_b32") && in.src[1].kind == isa::OpdKind::SReg)
    f.laneSelect.add(in.src[1]);
  if (f.valu)
    for (const isa::Operand& o : in.src) {
      f.readsVccz |= o.kind == isa::OpdKind::Vccz;
      f.readsExecz |= o.kind == isa::OpdKind::Execz;
    }
  f.waitcnt = name == "s_waitcnt";
  if (f.waitcnt) f.limits = timing::decodeWaitcnt(uint32_t(in.simm16), gen);
  f.barrier = name == "s_barrier";
  f.endpgm = name == "s_endpgm";
  // "S_NOP: Do nothing. Repeat NOP 1..16 times based on SIMM16[3:0]" (Vega ISA, SOPP); LLVM
  // SIInstrInfo::getNumWaitStates: s_nop N counts N + 1.
  if (name == "s_nop") f.waitStates = (uint32_t(in.simm16) & 0xf) + 1;
  f.hazardFirst = hazardFirstRoles(f, gen);
  f.hazardSecond = hazardSecondRoles(f, gen);
  return f;
}

}  // namespace gcnsim::sim::check
