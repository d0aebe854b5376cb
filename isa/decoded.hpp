// The decoded form of one instruction: produced once per address by the
// decoder, read by the disassembler and the executor.
#pragma once
#include <array>
#include <cstdint>

#include "isa/opinfo.hpp"

namespace gcnsim::isa {

enum class OpdKind : uint8_t {
  None,
  SReg,       // scalar register file: SGPRs and the special registers that share its
              // encoding space (VCC, EXEC, M0, FLAT_SCRATCH, XNACK_MASK, TBA, TMA, TTMP)
  VReg,       // VGPR
  Const,      // inline constant (operand codes 128..248), value expanded for the operand type
  Literal,    // 32-bit literal following the instruction, expanded for the operand type
  Scc,        // code 253
  Vccz,       // code 251
  Execz,      // code 252
  LdsDirect,  // code 254
  Aperture,   // codes 235..239 (SRC_SHARED_BASE ... POPS_EXITING_WAVE_ID), GCN 1.4
};

// One operand. `reg` is the index into the wave's register file: for SReg it
// is the operand code itself (the wave stores its scalar registers in the
// encoding space of its generation, so VCC is sreg[106..107], M0 sreg[124],
// EXEC sreg[126..127] on every generation); for VReg it is the VGPR number.
struct Operand {
  OpdKind kind = OpdKind::None;
  uint8_t nregs = 0;  // 32-bit registers spanned (SReg/VReg)
  uint16_t code = 0;  // raw operand encoding (0..511), kept for printing
  uint16_t reg = 0;
  uint64_t value = 0;  // Const/Literal: the value as the instruction sees it

  bool isReg() const { return kind == OpdKind::SReg || kind == OpdKind::VReg; }
  bool present() const { return kind != OpdKind::None; }
};

// How a vector ALU operation was encoded.
enum class VopEnc : uint8_t { E32, E64, SDWA, DPP };

// VOP3/VOP3P input and output modifiers (bit i of a mask refers to source i).
struct VopMods {
  uint8_t neg = 0, abs = 0;
  uint8_t opsel = 0;    // VOP3 op_sel (GCN 1.4), VOP3P op_sel
  uint8_t opselHi = 0;  // VOP3P op_sel_hi
  uint8_t negHi = 0;    // VOP3P neg_hi
  uint8_t omod = 0;     // 0 none, 1 *2, 2 *4, 3 /2
  bool clamp = false;
};

// SDWA controls (GCN 1.2/1.4), as in CLRX GcnSdwaDpp.md.
struct SdwaMods {
  uint8_t dstSel = 6, dstUnused = 0, src0Sel = 6, src1Sel = 6;  // 6 = DWORD
  bool src0Sext = false, src1Sext = false;
  bool src0IsSgpr = false, src1IsSgpr = false;  // GCN 1.4 S0/S1 bits
};

// DPP controls (GCN 1.2/1.4).
struct DppMods {
  uint16_t ctrl = 0;
  uint8_t rowMask = 0xf, bankMask = 0xf;
  bool boundCtrl = false;
};

// VINTRP fields, also of the VOP3-encoded interpolation ops (GCN 1.2/1.4).
struct InterpMods {
  uint8_t attr = 0, chan = 0;  // attribute number (0..63) and channel (0..3 = x,y,z,w)
  uint8_t param = 0;           // v_interp_mov_f32: 0 = p10, 1 = p20, 2 = p0
  bool high = false;           // f16 interpolation: use the high half of the attribute
};

// Memory-instruction fields (SMRD/SMEM/DS/MUBUF/MTBUF/MIMG/FLAT...).
struct MemMods {
  int32_t offset = 0;     // byte offset (SMRD dword offsets already scaled to bytes), DS offset0
  uint8_t offset1 = 0;    // DS offset1
  bool immOffset = true;  // SMRD IMM / SMEM IMM bit
  bool glc = false, slc = false, tfe = false, lds = false;
  bool addr64 = false, offen = false, idxen = false;
  bool gds = false;
  bool nv = false, soe = false;  // SMEM (GCN 1.4)
  uint8_t dfmt = 0, nfmt = 0;    // MTBUF
  uint8_t dmask = 0;             // MIMG
  bool unorm = false, da = false, r128 = false, lwe = false, d16 = false;
  uint8_t seg = 0;                   // FLAT segment (GCN 1.4): 0 flat, 1 scratch, 2 global
  uint8_t expTarget = 0, expEn = 0;  // EXP
  bool expDone = false, expCompr = false, expVm = false;
};

struct DecodedInst {
  const OpInfo* info = nullptr;    // nullptr: invalid encoding, printed as `.long 0x...`
  uint32_t opIndex = 0;            // index of *info in allOps(), for per-op arrays
  Format encoding = Format::SOPP;  // the encoding actually used (VOP3 for an _e64 VOP2 op)
  VopEnc vopEnc = VopEnc::E32;
  uint8_t words = 1;              // length in dwords, literal included
  std::array<uint32_t, 3> raw{};  // the encoding words (for .long, traces)

  Operand dst;                 // SDST / VDST / SDATA (loads) / VDATA (loads)
  Operand sdst;                // second destination: VOP3b SDST (carry-out), VOPC-in-VOP3 SDST
  std::array<Operand, 3> src;  // sources; SMEM/SMRD: src[0] = SBASE
  Operand addr;                // DS ADDR, MUBUF/MTBUF/MIMG/FLAT VADDR
  Operand data0, data1;        // DS DATA0/DATA1, store data (VDATA/SDATA of stores and atomics)
  Operand rsrc;                // MUBUF/MTBUF/MIMG SRSRC
  Operand soffset;             // MUBUF/MTBUF SOFFSET, SMEM SOFFSET/OFFSET register, GLOBAL SADDR

  int32_t simm16 = 0;  // SOPK/SOPP immediate (sign-extended where the op is signed)
  uint32_t imm32 = 0;  // extra 32-bit constant (s_setreg_imm32_b32, v_madmk/v_madak K)

  VopMods mods;
  SdwaMods sdwa;
  DppMods dpp;
  MemMods mem;
  InterpMods interp;

  bool valid() const { return info != nullptr; }
  uint32_t bytes() const { return words * 4u; }
};

}  // namespace gcnsim::isa
