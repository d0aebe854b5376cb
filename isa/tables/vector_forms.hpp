// Vector ALU encoding facts beyond the OpInfo rows: which LLVM variants
// (_e64, _sdwa, _dpp) each VOP1/VOP2/VOPC/VINTRP operation has per generation,
// and where their VOP3 opcodes live.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "isa/opinfo.hpp"

namespace gcnsim::isa::tables {

inline constexpr uint8_t kFormE64 = 1, kFormSdwa = 2, kFormDpp = 4;

// The forms of one row per opcode column (isa/opinfo.hpp: opColumn). `{a, b,
// c, d}` gives GCN 1.0, 1.1, 1.2, 1.4 (gfx906 the same as GCN 1.4), `{a, b, c,
// d, e}` a gfx906 column that differs, as OPC() does for opcodes.
struct FormColumns {
  std::array<uint8_t, kNumOpColumns> col;
  constexpr FormColumns(uint8_t g10, uint8_t g11, uint8_t g12, uint8_t g14) : col{g10, g11, g12, g14, g14} {}
  constexpr FormColumns(uint8_t g10, uint8_t g11, uint8_t g12, uint8_t g14, uint8_t gfx906)
      : col{g10, g11, g12, g14, gfx906} {}
  constexpr uint8_t operator[](int column) const { return col[column]; }
};

// Parallel to vop1()/vop2()/vopc()/vintrp()/vop3()/vop3p(): forms per opcode column.
std::span<const FormColumns> vop1Forms();
std::span<const FormColumns> vop2Forms();
std::span<const FormColumns> vopcForms();
std::span<const FormColumns> vop3Forms();
std::span<const FormColumns> vop3pForms();
std::span<const FormColumns> vintrpForms();

// VOP3 opcode of a VOP1/VOP2/VOPC/VINTRP operation = base + its 32-bit opcode
// (CLRX GcnInstrsVop1.md/Vop2.md "reflected in VOP3"; checked against llvm-mc
// for every row by gen_vector.py). -1: the format has no VOP3 form there.
constexpr int vop3Base(Format f, Gen g) {
  const bool si = g <= Gen::GCN11;
  switch (f) {
    case Format::VOPC: return 0x000;
    case Format::VOP2: return 0x100;
    case Format::VOP1: return si ? 0x180 : 0x140;
    case Format::VINTRP: return si ? -1 : 0x270;
    default: return -1;
  }
}
// Number of opcodes of the 32-bit format mapped into VOP3.
constexpr int vop3Span(Format f) {
  switch (f) {
    case Format::VOPC: return 256;
    case Format::VOP2: return 64;
    case Format::VOP1: return 128;  // GCN 1.0/1.1 use 0x180..0x1ff, GCN 1.2/1.4 0x140..0x1bf
    case Format::VINTRP: return 4;
    default: return 0;
  }
}

// The forms of `info` (any vector row) in generation g (its variant's column); 0 for other formats.
uint8_t vectorForms(const OpInfo* info, Gen g);

}  // namespace gcnsim::isa::tables
