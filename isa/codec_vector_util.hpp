// Helpers shared by the vector ALU codecs (codec_vop*.cpp, codec_vector_print.cpp).
#pragma once
#include <string>

#include "isa/format_codecs.hpp"
#include "isa/operands.hpp"
#include "isa/tables/vector_forms.hpp"

namespace gcnsim::isa::vec {

// Operations whose VDST field names an SGPR (the result is scalar).
bool hasScalarDst(const OpInfo* info);
// v_writelane_b32: src0 and src1 are scalar.
bool isWritelane(const OpInfo* info);
bool isReadlane(const OpInfo* info);
// VOP2 operation with a carry-out (VCC in e32, SDST in VOP3b).
bool hasCarryOut(const OpInfo* info);
// VOP3b: SDST in bits 8..14 (carry-out ops, v_div_scale_*, v_mad_u64_u32, v_mad_i64_i32).
bool isVop3b(const OpInfo* info);
// VOP3-encoded interpolation (v_interp_*_e64 and the f16 v_interp_* ops of GCN 1.2/1.4).
bool isInterp(const OpInfo* info);
// v_mad_mix*: VOP3P ops whose neg_hi bits are abs modifiers.
bool isMadMix(const OpInfo* info);
// Number of source operands of the row (types other than None).
int numSrcs(const OpInfo* info);

// The VCC pair as an operand (implicit in e32 forms).
Operand vccOperand();
// Reads the literal dword of `op` if it is one; false if the literal is missing.
bool takeLiteral(const DecodeInput& in, DecodedInst& out, Operand& op, OpType t);

// LLVM's text of an immediate: inline values as LLVM prints them (64, -16, 0.5,
// 0.15915494 on GCN 1.2+), anything else as hex.
std::string imm32Text(Gen g, uint32_t v);
std::string imm16Text(Gen g, uint16_t v);
std::string imm64Text(Gen g, uint64_t v, bool fp);
// Text of a source or destination operand, literals included.
std::string opdText(Gen g, const Operand& op, OpType t);
// With neg/abs/sext modifiers applied as LLVM prints them.
std::string srcText(Gen g, const Operand& op, OpType t, bool neg, bool abs, bool sext = false);

}  // namespace gcnsim::isa::vec
