// DPP_CTRL, the lane move of a VOP_DPP word (GCN 1.2/1.4; reference/clrx
// GcnSdwaDpp.md "VOP_DPP", names as LLVM prints them): the one table of the
// controls, read by the decoder (which values are valid), the printer (LLVM's
// text) and the VALU driver (the source lane of each lane).
#pragma once
#include <cstdint>
#include <string>

namespace gcnsim::isa {

enum class DppKind : uint8_t {
  Invalid,
  QuadPerm,  // 0x000-0x0ff: lane (l & ~3) + bits [2(l&3)+1 : 2(l&3)]
  RowShl,    // 0x101-0x10f: lane l + n within the row of 16
  RowShr,    // 0x111-0x11f: lane l - n within the row
  RowRor,    // 0x121-0x12f: rotate right by n within the row
  WaveShl,   // 0x130: lane l + 1
  WaveRol,   // 0x134: lane (l + 1) mod 64
  WaveShr,   // 0x138: lane l - 1
  WaveRor,   // 0x13c: lane (l - 1) mod 64
  RowMirror,
  RowHalfMirror,
  RowBcast15,  // 0x142: the last lane of the previous row
  RowBcast31,  // 0x143: lane 31, for rows 2 and 3
};

struct DppCtrlRange {
  uint16_t first, last;
  DppKind kind;
  const char* text;  // LLVM's name; ranges append their count n = ctrl & 15
};
inline constexpr DppCtrlRange kDppCtrls[] = {
    {0x000, 0x0ff, DppKind::QuadPerm, "quad_perm"},
    {0x101, 0x10f, DppKind::RowShl, "row_shl:"},
    {0x111, 0x11f, DppKind::RowShr, "row_shr:"},
    {0x121, 0x12f, DppKind::RowRor, "row_ror:"},
    {0x130, 0x130, DppKind::WaveShl, "wave_shl:1"},
    {0x134, 0x134, DppKind::WaveRol, "wave_rol:1"},
    {0x138, 0x138, DppKind::WaveShr, "wave_shr:1"},
    {0x13c, 0x13c, DppKind::WaveRor, "wave_ror:1"},
    {0x140, 0x140, DppKind::RowMirror, "row_mirror"},
    {0x141, 0x141, DppKind::RowHalfMirror, "row_half_mirror"},
    {0x142, 0x142, DppKind::RowBcast15, "row_bcast:15"},
    {0x143, 0x143, DppKind::RowBcast31, "row_bcast:31"},
};

constexpr const DppCtrlRange* dppCtrl(unsigned ctrl) {
  for (const DppCtrlRange& r : kDppCtrls)
    if (ctrl >= r.first && ctrl <= r.last) return &r;
  return nullptr;
}
constexpr DppKind dppKind(unsigned ctrl) {
  const DppCtrlRange* r = dppCtrl(ctrl);
  return r ? r->kind : DppKind::Invalid;
}

// Source lane of DPP control `ctrl` for lane l, or -1 when out of range.
constexpr int dppSourceLane(unsigned ctrl, unsigned l) {
  const unsigned row = l & ~15u, inRow = l & 15, n = ctrl & 15;
  switch (dppKind(ctrl)) {
    case DppKind::QuadPerm: return static_cast<int>((l & ~3u) + ((ctrl >> ((l & 3) * 2)) & 3));
    case DppKind::RowShl: return inRow + n <= 15 ? static_cast<int>(row + inRow + n) : -1;
    case DppKind::RowShr: return inRow >= n ? static_cast<int>(row + inRow - n) : -1;
    case DppKind::RowRor: return static_cast<int>(row + ((16 + inRow - n) & 15));
    case DppKind::WaveShl: return l + 1 < 64 ? static_cast<int>(l + 1) : -1;
    case DppKind::WaveRol: return static_cast<int>((l + 1) & 63);
    case DppKind::WaveShr: return l >= 1 ? static_cast<int>(l - 1) : -1;
    case DppKind::WaveRor: return static_cast<int>((l - 1) & 63);
    case DppKind::RowMirror: return static_cast<int>(row + (inRow ^ 15));
    case DppKind::RowHalfMirror: return static_cast<int>((l & ~7u) + ((l & 7) ^ 7));
    case DppKind::RowBcast15: return l >= 16 ? static_cast<int>(row - 1) : -1;
    case DppKind::RowBcast31: return l >= 32 ? 31 : -1;
    case DppKind::Invalid: break;
  }
  return -1;
}

// LLVM's text of a control ("quad_perm:[0,1,2,3]", "row_shl:1", ...); "" if invalid.
std::string dppCtrlText(unsigned ctrl);

}  // namespace gcnsim::isa
