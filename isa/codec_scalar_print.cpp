// printScalar: LLVM 15 assembly text of the scalar formats (SOP2, SOPK, SOP1,
// SOPC, SOPP, SMRD, SMEM), as llvm-mc-15 echoes it and llvm-objdump-15 prints it.
// The special operands (waitcnt, hwreg, sendmsg, gpr_idx) follow LLVM's
// AMDGPUInstPrinter; tests/isa/corpus/scalar.*.txt is the oracle.
#include <cstdio>
#include <string>

#include "isa/codec_scalar.hpp"
#include "isa/format_codecs.hpp"
#include "isa/hex_text.hpp"
#include "isa/operands.hpp"

namespace gcnsim::isa {
namespace {

// Plain SOPP immediates (s_nop, s_sleep, s_setprio, ...): decimal up to 64, else hex.
std::string soppImm(uint32_t v) { return v <= 64 ? std::to_string(v) : hex(v); }

// SMEM/SMRD offsets: hex, with a sign for GCN 1.4's signed offsets.
std::string signedHex(int32_t v) {
  return v < 0 ? "-" + hex(static_cast<uint32_t>(-static_cast<int64_t>(v))) : hex(v);
}

// s_waitcnt: each counter that is not at its maximum; all three when none is.
std::string waitcntText(Gen g, uint32_t simm16) {
  const WaitCnt c = decodeWaitcnt(g, simm16), m = waitcntMax(g);
  const bool all = c.vm == m.vm && c.exp == m.exp && c.lgkm == m.lgkm;
  std::string s;
  auto add = [&](const char* name, unsigned v, unsigned max) {
    if (v == max && !all) return;
    if (!s.empty()) s += ' ';
    s += std::string(name) + "(" + std::to_string(v) + ")";
  };
  add("vmcnt", c.vm, m.vm);
  add("expcnt", c.exp, m.exp);
  add("lgkmcnt", c.lgkm, m.lgkm);
  return s;
}

// Hardware register names LLVM 15 knows per generation (AMDGPU/gfx*_hwreg.rst).
const char* hwregName(Gen g, unsigned id) {
  static constexpr const char* base[] = {
      nullptr,        "HW_REG_MODE",      "HW_REG_STATUS",    "HW_REG_TRAPSTS",
      "HW_REG_HW_ID", "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS"};
  if (id < 8) return base[id];
  if (g != Gen::GCN14) return nullptr;
  switch (id) {
    case 15: return "HW_REG_SH_MEM_BASES";
    case 16: return "HW_REG_TBA_LO";
    case 17: return "HW_REG_TBA_HI";
    case 18: return "HW_REG_TMA_LO";
    case 19: return "HW_REG_TMA_HI";
    default: return nullptr;
  }
}

std::string hwregText(Gen g, uint32_t simm16) {
  const HwReg h = decodeHwreg(simm16);
  const char* name = hwregName(g, h.id);
  std::string s = "hwreg(" + (name ? std::string(name) : std::to_string(h.id));
  if (h.offset != 0 || h.size != 32) s += ", " + std::to_string(h.offset) + ", " + std::to_string(h.size);
  return s + ")";
}

// Message names LLVM 15 knows per generation (AMDGPU/gfx*_msg.rst).
const char* msgName(Gen g, unsigned id) {
  switch (id) {
    case 1: return "MSG_INTERRUPT";
    case 2: return "MSG_GS";
    case 3: return "MSG_GS_DONE";
    case 4: return g >= Gen::GCN12 ? "MSG_SAVEWAVE" : nullptr;
    case 5: return g >= Gen::GCN14 ? "MSG_STALL_WAVE_GEN" : nullptr;
    case 6: return g >= Gen::GCN14 ? "MSG_HALT_WAVES" : nullptr;
    case 7: return g >= Gen::GCN14 ? "MSG_ORDERED_PS_DONE" : nullptr;
    case 8: return g >= Gen::GCN14 ? "MSG_EARLY_PRIM_DEALLOC" : nullptr;
    case 9: return g >= Gen::GCN14 ? "MSG_GS_ALLOC_REQ" : nullptr;
    case 10: return g >= Gen::GCN14 ? "MSG_GET_DOORBELL" : nullptr;
    case 15: return "MSG_SYSMSG";
    default: return nullptr;
  }
}

// LLVM's printSendMsg: symbolic when the id, operation and stream are valid,
// else sendmsg(id, op, stream) when that re-encodes to the same bits, else decimal.
std::string sendmsgText(Gen g, uint32_t simm16) {
  static constexpr const char* gsOps[] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
  static constexpr const char* sysOps[] = {nullptr, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                           "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};
  const SendMsg m = decodeSendmsg(simm16);
  const bool gs = m.id == 2 || m.id == 3, sys = m.id == 15;
  bool opValid, streamValid;
  if (sys) {
    opValid = m.op >= 1 && m.op <= 4;
    streamValid = m.stream == 0;
  } else if (gs) {
    opValid = m.op == 0 ? m.id == 3 : m.op <= 3;
    streamValid = m.op == 0 ? m.stream == 0 : true;
  } else {
    opValid = m.op == 0;
    streamValid = m.stream == 0;
  }
  const char* name = msgName(g, m.id);
  if (name && opValid && streamValid) {
    std::string s = std::string("sendmsg(") + name;
    if (sys) s += std::string(", ") + sysOps[m.op];
    if (gs) {
      s += std::string(", ") + gsOps[m.op];
      if (m.op != 0) s += ", " + std::to_string(m.stream);
    }
    return s + ")";
  }
  if ((m.id | (m.op << 4) | (m.stream << 8)) == simm16)
    return "sendmsg(" + std::to_string(m.id) + ", " + std::to_string(m.op) + ", " + std::to_string(m.stream) +
           ")";
  return std::to_string(simm16);
}

// gpr_idx(SRC0,SRC1,SRC2,DST) of s_set_gpr_idx_on / s_set_gpr_idx_mode; hex
// when bits beyond the four enables are set.
std::string gprIdxText(uint32_t mask) {
  static constexpr const char* names[] = {"SRC0", "SRC1", "SRC2", "DST"};
  if (mask > 0xf) return hex(mask);
  std::string s = "gpr_idx(";
  bool first = true;
  for (int i = 0; i < 4; ++i) {
    if (!(mask & (1u << i))) continue;
    if (!first) s += ',';
    s += names[i];
    first = false;
  }
  return s + ")";
}

// Joins the name and its operand texts ("s_add_u32 s0, s1, s2").
struct Line {
  std::string text;
  bool first = true;
  explicit Line(const char* name) : text(name) {}
  Line& operator<<(const std::string& opd) {
    text += first ? " " : ", ";
    text += opd;
    first = false;
    return *this;
  }
  Line& mod(const char* m) {
    text += ' ';
    text += m;
    return *this;
  }
};

std::string printSopk(Gen g, const DecodedInst& in) {
  const OpInfo& op = *in.info;
  const uint32_t imm = in.raw[0] & 0xffff;
  Line l(op.name);
  if (op.layout == Layout::Hwreg) {
    // s_getreg*: SDST, hwreg; s_setreg_b32: hwreg, SSRC; s_setreg_imm32_b32: hwreg, literal.
    if (op.dst != OpType::None) return (l << operandText(g, in.dst, op.dst) << hwregText(g, imm)).text;
    l << hwregText(g, imm);
    return (op.has(kLiteralOperand) ? l << immediateText(g, in.imm32)
                                    : l << operandText(g, in.src[0], op.src0))
        .text;
  }
  if (op.dst != OpType::None) l << operandText(g, in.dst, op.dst);
  if (op.src0 != OpType::None) l << operandText(g, in.src[0], op.src0);
  // LLVM's disassembler prints branch offsets as unsigned 16-bit decimals.
  return (l << (isPcRelative(op) ? std::to_string(imm) : hex(imm))).text;
}

std::string printSopp(Gen g, const DecodedInst& in) {
  const OpInfo& op = *in.info;
  const uint32_t imm = in.raw[0] & 0xffff;
  Line l(op.name);
  switch (op.layout) {
    case Layout::PcRelative: return (l << std::to_string(imm)).text;  // unsigned, like llvm-objdump
    case Layout::Waitcnt: return (l << waitcntText(g, imm)).text;
    case Layout::Sendmsg: return (l << sendmsgText(g, imm)).text;
    case Layout::GprIdx: return (l << gprIdxText(imm)).text;
    case Layout::OptionalImm: return imm ? (l << std::to_string(imm)).text : l.text;  // decimal
    case Layout::SmallImm: return (l << soppImm(imm)).text;
    default: return l.text;  // s_barrier, s_icache_inv, s_ttracedata, s_wakeup, ...: no operand
  }
}

// The offset operand of SMRD/SMEM: register, immediate or "sN offset:0x..".
std::string memOffsetText(Gen g, const DecodedInst& in) {
  if (!in.mem.immOffset) return operandText(g, in.soffset, OpType::B32);
  if (in.encoding == Format::SMRD) {
    // The dword offset as encoded: 8-bit field, or GCN 1.1's 32-bit literal.
    return hex(in.words == 2 ? in.raw[1] : bits(in.raw[0], 0, 8));
  }
  const std::string off =
      g == Gen::GCN14 ? signedHex(in.mem.offset) : hex(static_cast<uint32_t>(in.mem.offset));
  if (in.mem.soe) return operandText(g, in.soffset, OpType::B32) + " offset:" + off;
  return off;
}

std::string printScalarMemory(Gen g, const DecodedInst& in) {
  const OpInfo& op = *in.info;
  Line l(op.name);
  if (op.dst != OpType::None) {
    const Operand& sdata = (op.has(kStore) || op.has(kAtomic)) ? in.data0 : in.dst;
    l << operandText(g, sdata, op.dst);
  } else if (op.layout == Layout::AtcProbe) {
    l << soppImm(static_cast<uint32_t>(in.simm16));
  }
  if (op.src0 != OpType::None) {
    l << operandText(g, in.src[0], op.src0);
    l << memOffsetText(g, in);
  }
  // GLC only where the syntax has it (loads, stores, atomics); LLVM 15 ignores
  // the GLC bit of s_dcache_*/s_memtime and never prints NV.
  if (in.mem.glc && (op.has(kLoad) || op.has(kStore) || op.has(kAtomic))) l.mod("glc");
  return l.text;
}

}  // namespace

std::string printScalar(Gen g, const DecodedInst& in) {
  const OpInfo& op = *in.info;
  switch (op.format) {
    case Format::SOPK: return printSopk(g, in);
    case Format::SOPP: return printSopp(g, in);
    case Format::SMRD:
    case Format::SMEM: return printScalarMemory(g, in);
    default: break;
  }
  // SOP2, SOP1, SOPC: destination (if any) then sources.
  Line l(op.name);
  if (op.dst != OpType::None) l << operandText(g, in.dst, op.dst);
  if (op.src0 != OpType::None) l << operandText(g, in.src[0], op.src0);
  if (op.src1 != OpType::None) l << operandText(g, in.src[1], op.src1);
  if (op.layout == Layout::GprIdx) l << gprIdxText(static_cast<uint32_t>(in.simm16));
  return l.text;
}

}  // namespace gcnsim::isa
