// printVector: LLVM 15's assembly text of vector ALU instructions (the text
// llvm-mc-15 echoes and llvm-objdump-15 prints; checked by the ISA corpus).
#include <cstdio>
#include <cstring>
#include <vector>

#include "isa/codec_vector_util.hpp"
#include "isa/dpp_ctrl.hpp"

namespace gcnsim::isa {
namespace {

using vec::opdText;
using vec::srcText;

constexpr const char* kSel[8] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD", "7"};
constexpr const char* kUnused[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "3"};
constexpr const char* kOmod[4] = {"", " mul:2", " mul:4", " div:2"};
constexpr char kChan[4] = {'x', 'y', 'z', 'w'};
constexpr const char* kParam[3] = {"p10", "p20", "p0"};

std::string bitList(const char* name, unsigned mask, int n) {
  std::string s = std::string(" ") + name + ":[";
  for (int i = 0; i < n; ++i) {
    if (i) s += ',';
    s += (mask >> i & 1) ? '1' : '0';
  }
  return s + "]";
}

std::string attrText(const InterpMods& m) {
  return "attr" + std::to_string(m.attr) + "." + kChan[m.chan & 3];
}

// Mnemonic with the suffix LLVM prints for this encoding.
std::string mnemonic(Gen g, const DecodedInst& d) {
  const OpInfo* info = d.info;
  std::string name = info->name;
  const bool e64Exists = tables::vectorForms(info, g) & tables::kFormE64;
  // No operands (v_nop, v_clrexcp): LLVM prints the bare name for both encodings.
  if (info->dst == OpType::None && info->src0 == OpType::None) return name;
  switch (d.vopEnc) {
    case VopEnc::SDWA:
      // LLVM 15 prints GCN 1.2 VOPC SDWA without the suffix.
      return (info->format == Format::VOPC && g == Gen::GCN12) ? name : name + "_sdwa";
    case VopEnc::DPP: return name + "_dpp";
    case VopEnc::E32: return e64Exists ? name + "_e32" : name;
    case VopEnc::E64:
      if (info->format == Format::VOP3 || info->format == Format::VOP3P) return name;
      return name + "_e64";
  }
  return name;
}

// Destinations: VDST/SDST, then the VOP3b/carry SDST; VOPC has only the SDST.
void appendDsts(Gen g, const DecodedInst& d, std::vector<std::string>& ops) {
  if (d.dst.present()) ops.push_back(opdText(g, d.dst, d.info->dst));
  if (d.sdst.present()) ops.push_back(opdText(g, d.sdst, OpType::B64));
}

std::string join(const std::string& mn, const std::vector<std::string>& ops) {
  std::string s = mn;
  for (size_t i = 0; i < ops.size(); ++i) s += (i ? ", " : " ") + ops[i];
  return s;
}

std::string printInterp(Gen g, const DecodedInst& d) {
  const OpInfo* info = d.info;
  std::vector<std::string> ops;
  ops.push_back(opdText(g, d.dst, info->dst));
  if (info->src0 == OpType::None) {
    ops.push_back(kParam[d.interp.param % 3]);
    ops.push_back(attrText(d.interp));
  } else {
    ops.push_back(srcText(g, d.src[0], info->src0, d.mods.neg & 2, d.mods.abs & 2));
    ops.push_back(attrText(d.interp));
    if (d.src[2].present()) ops.push_back(srcText(g, d.src[2], info->src2, d.mods.neg & 4, d.mods.abs & 4));
  }
  std::string s = join(mnemonic(g, d), ops);
  if (d.vopEnc != VopEnc::E64) return s;
  if (d.interp.high) s += " high";
  if (d.mods.clamp) s += " clamp";
  return s + kOmod[d.mods.omod & 3];
}

std::string printVop3p(Gen g, const DecodedInst& d) {
  const OpInfo* info = d.info;
  const int n = vec::numSrcs(info);
  const unsigned mask = (1u << n) - 1;
  const bool mix = vec::isMadMix(info);
  std::vector<std::string> ops;
  ops.push_back(opdText(g, d.dst, info->dst));
  const OpType types[3] = {info->src0, info->src1, info->src2};
  for (int i = 0; i < n; ++i)
    ops.push_back(mix ? srcText(g, d.src[i], types[i], d.mods.neg >> i & 1, d.mods.abs >> i & 1)
                      : opdText(g, d.src[i], types[i]));
  std::string s = join(d.info->name, ops);
  if (d.mods.opsel & mask) s += bitList("op_sel", d.mods.opsel, n);
  // Default op_sel_hi: all ones for packed math, all zeros for v_mad_mix*.
  if ((d.mods.opselHi & mask) != (mix ? 0 : mask)) s += bitList("op_sel_hi", d.mods.opselHi, n);
  if (!mix && (d.mods.neg & mask)) s += bitList("neg_lo", d.mods.neg, n);
  if (!mix && (d.mods.negHi & mask)) s += bitList("neg_hi", d.mods.negHi, n);
  if (d.mods.clamp) s += " clamp";
  return s;
}

std::string printVop(Gen g, const DecodedInst& d) {
  const OpInfo* info = d.info;
  std::vector<std::string> ops;
  appendDsts(g, d, ops);
  const OpType types[3] = {info->src0, info->src1, info->src2};
  const bool sdwa = d.vopEnc == VopEnc::SDWA;
  for (int i = 0; i < 3; ++i) {
    if (!d.src[i].present()) continue;
    if (d.src[i].kind == OpdKind::Literal && info->has(kLiteralOperand) && d.src[i].code == code::kLiteral &&
        &d.src[i] != &d.src[0]) {
      // The v_madmk/v_madak K constant is always printed in hex.
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%x", d.imm32);
      ops.push_back(buf);
      continue;
    }
    const bool sext = sdwa && (i == 0 ? d.sdwa.src0Sext : i == 1 ? d.sdwa.src1Sext : false);
    ops.push_back(srcText(g, d.src[i], types[i], d.mods.neg >> i & 1, d.mods.abs >> i & 1, sext));
  }
  std::string s = join(mnemonic(g, d), ops);
  switch (d.vopEnc) {
    case VopEnc::E32: break;
    case VopEnc::E64: {
      if (d.mods.opsel) s += bitList("op_sel", d.mods.opsel, vec::numSrcs(info) + 1);
      if (d.mods.clamp) s += " clamp";
      s += kOmod[d.mods.omod & 3];
      break;
    }
    case VopEnc::SDWA: {
      if (d.mods.clamp) s += " clamp";
      s += kOmod[d.mods.omod & 3];
      if (info->format != Format::VOPC) {
        s += std::string(" dst_sel:") + kSel[d.sdwa.dstSel & 7];
        s += std::string(" dst_unused:") + kUnused[d.sdwa.dstUnused & 3];
      }
      s += std::string(" src0_sel:") + kSel[d.sdwa.src0Sel & 7];
      if (info->src1 != OpType::None) s += std::string(" src1_sel:") + kSel[d.sdwa.src1Sel & 7];
      break;
    }
    case VopEnc::DPP: {
      char buf[48];
      std::snprintf(buf, sizeof buf, " row_mask:0x%x bank_mask:0x%x", d.dpp.rowMask, d.dpp.bankMask);
      s += " " + dppCtrlText(d.dpp.ctrl) + buf;
      if (d.dpp.boundCtrl) s += " bound_ctrl:1";
      break;
    }
  }
  return s;
}

}  // namespace

std::string printVector(Gen g, const DecodedInst& d) {
  if (!d.info) return "";
  if (d.info->format == Format::VOP3P) return printVop3p(g, d);
  if (vec::isInterp(d.info)) return printInterp(g, d);
  return printVop(g, d);
}

}  // namespace gcnsim::isa
