// The row type of every ISA opcode table.
//
// One table per encoding format (isa/tables/<format>.cpp), one row per
// mnemonic, with the opcode number for each generation in its own column, as
// the seeds' and the CLRX manual's tables are laid out. The decoder, the
// disassembler and the executor all read these rows; no opcode number is
// written anywhere else.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "isa/gen.hpp"

namespace gcnsim::isa {

enum class Format : uint8_t {
  SOP2,
  SOPK,
  SOP1,
  SOPC,
  SOPP,  // scalar ALU / program control
  SMRD,  // scalar memory, GCN 1.0/1.1 (seed 003)
  SMEM,  // scalar memory, GCN 1.2/1.4 (seed 000)
  VOP2,
  VOP1,
  VOPC,    // vector ALU, 32-bit encodings (+ SDWA/DPP on GCN 1.2+)
  VOP3,    // VOP3a/VOP3b; VOP1/VOP2/VOPC ops also encode here
  VOP3P,   // packed math, GCN 1.4
  VINTRP,  // graphics-only interpolation
  DS,      // LDS/GDS (seed 004)
  MUBUF,
  MTBUF,  // buffer memory (seed 001)
  MIMG,   // image memory (graphics; decode only)
  EXP,    // export (graphics; decode only)
  FLAT,
  GLOBAL,
  SCRATCH,  // FLAT (GCN 1.1+), GLOBAL/SCRATCH segments (GCN 1.4)
  Count
};
inline constexpr int kNumFormats = static_cast<int>(Format::Count);
const char* formatName(Format f);

// Type of one operand slot. It decides how many registers the operand spans,
// what an inline constant means (1.0 is 0x3f800000 for F32, 0x3c00 for F16,
// 0x3ff0000000000000 for F64) and how a literal is extended.
enum class OpType : uint8_t {
  None,
  B16,
  B32,
  B64,
  B96,
  B128,
  B160,
  B256,
  B512,  // integer / raw bits
  I16,
  I32,
  I64,  // signed integer (printing, sign extension)
  F16,
  F32,
  F64,  // IEEE floats
  V2F16,
  V2I16,  // packed pairs (VOP3P, GCN 1.4)
};
// Number of 32-bit registers an operand of this type spans (B16/F16 -> 1).
constexpr int opTypeDwords(OpType t) {
  switch (t) {
    case OpType::None: return 0;
    case OpType::B64:
    case OpType::I64:
    case OpType::F64: return 2;
    case OpType::B96: return 3;
    case OpType::B128: return 4;
    case OpType::B160: return 5;
    case OpType::B256: return 8;
    case OpType::B512: return 16;
    default: return 1;
  }
}
constexpr bool opTypeIsFloat(OpType t) {
  return t == OpType::F16 || t == OpType::F32 || t == OpType::F64 || t == OpType::V2F16;
}

// The execution unit an instruction issues to (the timing model's issue
// categories; the functional core ignores it).
enum class Unit : uint8_t {
  SALU,      // scalar ALU
  SMEM,      // scalar memory (SMRD/SMEM), counts on LGKM_CNT
  VALU,      // vector ALU
  VMEM,      // MUBUF/MTBUF/MIMG/FLAT/GLOBAL/SCRATCH, counts on VM_CNT
  DS,        // LDS/GDS, counts on LGKM_CNT
  EXPORT,    // EXP, counts on EXP_CNT
  BRANCH,    // s_branch, s_cbranch_*, s_setpc, ...
  MSG,       // s_sendmsg*, counts on LGKM_CNT
  INTERNAL,  // handled in the instruction buffer: s_nop, s_waitcnt, s_barrier, s_sleep, s_setprio, ...
};

// Facts about an instruction that later layers query instead of switching on opcodes.
enum Flag : uint32_t {
  kReadsScc = 1u << 0,
  kWritesScc = 1u << 1,
  kReadsVcc = 1u << 2,    // implicit VCC read (v_addc, v_cndmask e32, v_div_fmas, s_cbranch_vcc*)
  kWritesVcc = 1u << 3,   // implicit VCC write (VOPC e32, carry-out ops in e32)
  kReadsExec = 1u << 4,   // beyond the lane mask every VALU op reads
  kWritesExec = 1u << 5,  // v_cmpx_*, s_*_saveexec_b64, ...
  kReadsM0 = 1u << 6,
  kWritesM0 = 1u << 7,
  kLoad = 1u << 8,
  kStore = 1u << 9,
  kAtomic = 1u << 10,
  kBranch = 1u << 11,
  kGraphicsOnly = 1u << 12,  // MIMG/EXP/VINTRP: decoded, not executed in compute
  // (1u << 13: free; the issue rate of a VALU op is OpInfo::timing.rate)
  kDouble = 1u << 14,          // FP64 VALU op
  kLiteralOperand = 1u << 15,  // a 32-bit constant always follows (v_madmk/v_madak, s_*k_imm32)
  kNoDst = 1u << 16,           // no destination register (stores, s_cmp*, ...)
  kDsReadsM0Gcn14 = 1u << 17,  // DS op that reads M0 on GCN 1.4 too (GDS, append, GWS, addtid)
  // Facts the checker (sim/check) and the workgroup-order analysis read:
  kGdsOnly = 1u << 18,         // DS op on GDS/GWS whatever its GDS bit (ds_gws_*, ds_ordered_count)
  kDsAddTid = 1u << 19,        // DS address = M0 + lane id (ds_*_addtid_b32): M0 is an LDS base
  kMessage = 1u << 20,         // sends M0 out of the wave (s_sendmsg*, s_ttracedata)
  kM0Index = 1u << 21,         // M0 indexes its register operands (s_movrel*, v_movrel*)
  kWritesHwreg = 1u << 22,     // writes a hardware register field (s_setreg*)
  kReadsHwreg = 1u << 23,      // reads a hardware register (s_getreg_b32)
  kWritesVskip = 1u << 24,     // turns VSKIP mode on or off (s_setvskip)
  kReadsVccInVop3 = 1u << 25,  // reads VCC implicitly in its VOP3 form too (v_div_fmas: no SRC2 carry-in)
  // The high dword of its 64-bit SRC2 reaches only the high dword of its result: D = S0 * S1 + S2 with
  // 32-bit factors (v_mad_u64_u32, v_mad_i64_i32), whose carries go up. LLVM leaves that addend dword
  // undefined when it uses the low result alone (the checker's uninitialized-read rule).
  kSrc2HighToDstHigh = 1u << 26,
};

// How the codecs read and print a row's fields where its operand types do not
// say it all (one value per row; isa/tables/inst_facts.txt sets them).
enum class Layout : uint8_t {
  Plain,
  // SOPK/SOPP SIMM16, SOPC SSRC1, SMEM SDATA
  SignedImm,    // SOPK: SIMM16 sign-extended (s_movk_i32, s_cmpk_*_i32, s_addk_i32, ...)
  PcRelative,   // SIMM16: signed dword offset from the next instruction (branches)
  Hwreg,        // SIMM16: HWREG(id, offset, size) (s_getreg*, s_setreg*)
  Waitcnt,      // SIMM16: vmcnt/expcnt/lgkmcnt
  Sendmsg,      // SIMM16: SENDMSG(id, op, stream)
  GprIdx,       // SIMM16 / SSRC1: gpr_idx mode bits (s_set_gpr_idx_mode, s_set_gpr_idx_on)
  OptionalImm,  // s_endpgm: a decimal immediate, printed only when non-zero
  SmallImm,     // a plain 16-bit immediate operand (s_nop, s_sleep, s_trap, ...)
  AtcProbe,     // SMEM: the SDATA field holds the probe mode
  // vector ALU
  ReadLane,       // VDST is an SGPR; the lane select is scalar
  ReadFirstLane,  // VDST is an SGPR
  WriteLane,      // src0 and the lane select are scalar
  Vop3b,          // VOP3 with SDST (v_div_scale_*, v_mad_u64_u32, v_mad_i64_i32)
  Interp,         // interpolation fields (attr, chan) instead of sources
  MadMix,         // VOP3P: the NEG_HI bits are ABS modifiers
  MadMk,          // the literal K is the multiplier (D = S0 * K + S1)
  MadAk,          // the literal K is the addend (D = S0 * S1 + K)
  // memory
  DsGws,      // DS GWS op: no address; LLVM encodes the data operand in ADDR
  DsSwizzle,  // DS OFFSET is a swizzle pattern
  CacheOp,    // MUBUF cache control (buffer_wbinvl1*): no operands
  StoreLds,   // MUBUF store from LDS (buffer_store_lds_dword): no VDATA
  D16X,       // MUBUF/MTBUF D16 format ops: 1..4 components,
  D16XY,      // unpacked (one dword each) on GCN 1.2
  D16XYZ,
  D16XYZW,
  Gather4,  // MIMG gather4: always four components
  CmpSwap,  // atomic compare-swap: returns half of its data registers
};

// Timing facts of a row, for the timing model (sim/timing/inst_class.cpp).
// Written by the table generators from isa/tables/timing_facts.txt (the one
// hand-edited place for them, each figure with its source in
// reference/clrx/GcnTimings.md) and the default rules stated there.
enum class ValuRate : uint8_t {
  None,     // not a VALU row
  Full,     // IssueConfig::valuCycles (GcnTimings: 4)
  Double,   // 2 x valuCycles (V_SWAP_B32 8)
  Quarter,  // IssueConfig::quarterRateCycles (16)
  Dp4,      // dpFactor x valuCycles (DPFACTOR*4)
  Dp8,      // dpFactor x 2 x valuCycles (DPFACTOR*8)
  FmaF32,   // quarterRateCycles on parts with 1/16-rate FP64 (dpFactor 8), else valuCycles ("4 or 16")
};
enum class TimingRole : uint8_t {
  None,
  LateForSalu,  // VALU: SALU sees its SGPR result only after a delay (integer V_ADD*/V_SUB*, readlane)
  Waitcnt,      // INTERNAL ops handled in the instruction buffer
  Nop,
  Sleep,
  Setprio,
  Barrier,
  EndPgm,
  MemTime,      // SMEM: s_memtime, s_memrealtime
  DcacheInv,    // SMEM: scalar cache invalidate
  DcacheWb,     // SMEM: scalar cache write-back, discard, ATC probe
  InvL1,        // VMEM: vector L1 invalidate (buffer_wbinvl1*)
  LdsPair,      // DS: two elements at OFFSET0/OFFSET1 x element size (read2, write2, wrxchg2)
  LdsPairSt64,  // DS: the same with offsets x element size x 64 (*2st64*)
  NoLds,        // DS: no LDS address per lane (swizzle, permute, GWS, append, ...)
};
struct TimingFacts {
  ValuRate rate = ValuRate::None;
  uint8_t cycles = 0;  // SALU/SMEM/DS/VMEM: issue cycles
  uint8_t pipe = 0;    // DS: cycles the wave occupies the LDS pipe (1/throughput)
  uint8_t glc = 0;     // VMEM: extra issue cycles with GLC
  TimingRole role = TimingRole::None;
};

struct OpInfo {
  const char* name;  // LLVM mnemonic, lower case, no _e32/_e64/_sdwa/_dpp suffix
  Format format;
  std::array<int16_t, kNumOpColumns> opcode;  // opcode per column (generation, then variant); -1: none
  // Operand types. Meaning by format:
  //  SOP*/VOP*:   dst = SDST/VDST, src0..src2 = sources
  //  SMRD/SMEM:   dst = SDATA (load width), src0 = SBASE (B64 or B128 for buffer loads)
  //  DS:          dst = VDST, src0 = ADDR, src1 = DATA0, src2 = DATA1
  //  MUBUF/MTBUF/FLAT/GLOBAL/SCRATCH/MIMG: dst = VDATA (returned or stored data width)
  OpType dst, src0, src1, src2;
  Unit unit;
  uint32_t flags;
  // Key of the semantic function when rows that differ by name or generation
  // share one behaviour (e.g. v_add_i32 on GCN 1.0 and v_add_co_u32 on GCN 1.4);
  // nullptr means the semantic is named after `name`.
  const char* sem = nullptr;
  TimingFacts timing = {};
  Layout layout = Layout::Plain;

  bool has(uint32_t f) const { return (flags & f) == f; }
  int opcodeIn(Gen g) const { return opcode[opColumn(g)]; }  // g's variant decides the column
  bool existsIn(Gen g) const { return opcodeIn(g) >= 0; }
  const char* semKey() const { return sem ? sem : name; }
};

// Shorthand for table rows: `OPC(a, b, c, d)` gives the opcode columns for
// GCN 1.0, 1.1, 1.2, 1.4 (gfx906 the same as GCN 1.4); `OPC(a, b, c, d, e)`
// adds a gfx906 column that differs; `NA` marks an opcode that does not exist
// there.
inline constexpr int16_t NA = -1;
constexpr std::array<int16_t, kNumOpColumns> OPC(int16_t g10, int16_t g11, int16_t g12, int16_t g14) {
  return {g10, g11, g12, g14, g14};
}
constexpr std::array<int16_t, kNumOpColumns> OPC(int16_t g10, int16_t g11, int16_t g12, int16_t g14,
                                                 int16_t gfx906) {
  return {g10, g11, g12, g14, gfx906};
}

}  // namespace gcnsim::isa
