// Per-format decode and print functions, one pair per encoding family. The
// dispatchers in decoder.cpp and disasm.cpp pick one by the encoding bits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

struct DecodeInput {
  Gen gen;
  const uint32_t* w;  // w[0] is the first instruction word
  size_t avail;       // dwords readable from w
};

// A format decoder fills `out` (info == nullptr for an undefined opcode) and
// returns false only when the instruction is truncated (needs > avail dwords).
using FormatDecoder = bool (*)(const DecodeInput&, DecodedInst&);
// A format printer returns the LLVM assembly text of a valid instruction.
using FormatPrinter = std::string (*)(Gen, const DecodedInst&);

// Scalar formats: isa/codec_sop.cpp, codec_smem.cpp (decode), codec_scalar_print.cpp
bool decodeSop2(const DecodeInput&, DecodedInst&);
bool decodeSopk(const DecodeInput&, DecodedInst&);
bool decodeSop1(const DecodeInput&, DecodedInst&);
bool decodeSopc(const DecodeInput&, DecodedInst&);
bool decodeSopp(const DecodeInput&, DecodedInst&);
bool decodeSmrd(const DecodeInput&, DecodedInst&);
bool decodeSmem(const DecodeInput&, DecodedInst&);
std::string printScalar(Gen, const DecodedInst&);

// Vector ALU formats (VOP1/VOP2/VOPC with SDWA/DPP, VOP3, VOP3P, VINTRP):
// isa/codec_vop.cpp, codec_vop3.cpp (decode), codec_vector_print.cpp
bool decodeVop2(const DecodeInput&, DecodedInst&);
bool decodeVop1(const DecodeInput&, DecodedInst&);
bool decodeVopc(const DecodeInput&, DecodedInst&);
bool decodeVop3(const DecodeInput&, DecodedInst&);
bool decodeVop3p(const DecodeInput&, DecodedInst&);
bool decodeVintrp(const DecodeInput&, DecodedInst&);
std::string printVector(Gen, const DecodedInst&);

// Memory formats (DS, MUBUF, MTBUF, MIMG, EXP, FLAT/GLOBAL/SCRATCH): isa/codec_ds.cpp,
// codec_buffer.cpp, codec_image.cpp, codec_flat.cpp (decode), codec_memory.cpp (print)
bool decodeDs(const DecodeInput&, DecodedInst&);
bool decodeMubuf(const DecodeInput&, DecodedInst&);
bool decodeMtbuf(const DecodeInput&, DecodedInst&);
bool decodeMimg(const DecodeInput&, DecodedInst&);
bool decodeExp(const DecodeInput&, DecodedInst&);
bool decodeFlat(const DecodeInput&, DecodedInst&);
std::string printMemory(Gen, const DecodedInst&);

// Field accessor on a raw word: bits [lo, lo+width).
constexpr uint32_t bits(uint32_t word, unsigned lo, unsigned width) {
  return (word >> lo) & ((width >= 32) ? 0xffffffffu : ((1u << width) - 1u));
}

}  // namespace gcnsim::isa
