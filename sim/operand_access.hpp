// Reading and writing decoded operands against a wave's state: the helpers
// every semantic function uses, so no semantic re-implements operand kinds.
#pragma once
#include <cstdint>

#include "isa/decoded.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

// STATUS/aperture values that scalar reads of special operand codes return.
struct SpecialValues {
  uint64_t sharedBase = 0, sharedLimit = 0, privateBase = 0, privateLimit = 0;  // GCN 1.4 apertures
};

// 32-bit scalar read: SGPR/special register, inline constant, literal, SCC, VCCZ, EXECZ.
inline uint32_t readScalar32(const WaveState& w, const isa::Operand& op, const SpecialValues* sv = nullptr) {
  switch (op.kind) {
    case isa::OpdKind::SReg: return w.sreg[op.reg & 127];
    case isa::OpdKind::Const:
    case isa::OpdKind::Literal: return static_cast<uint32_t>(op.value);
    case isa::OpdKind::Scc: return w.scc ? 1u : 0u;
    case isa::OpdKind::Vccz: return w.vccz() ? 1u : 0u;
    case isa::OpdKind::Execz: return w.execz() ? 1u : 0u;
    case isa::OpdKind::Aperture:
      if (!sv) return 0;
      switch (op.code) {
        case 235: return static_cast<uint32_t>(sv->sharedBase >> 32);
        case 236: return static_cast<uint32_t>(sv->sharedLimit >> 32);
        case 237: return static_cast<uint32_t>(sv->privateBase >> 32);
        case 238: return static_cast<uint32_t>(sv->privateLimit >> 32);
        default: return 0;
      }
    default: return 0;
  }
}

// 64-bit scalar read: a register pair, or a constant/literal already expanded to 64 bits.
inline uint64_t readScalar64(const WaveState& w, const isa::Operand& op, const SpecialValues* sv = nullptr) {
  switch (op.kind) {
    case isa::OpdKind::SReg: return op.reg + 1u < kScalarFileSize ? w.sreg64(op.reg) : w.sreg[op.reg & 127];
    case isa::OpdKind::Const:
    case isa::OpdKind::Literal: return op.value;
    case isa::OpdKind::Aperture: {
      // 64-bit reads of SRC_*_BASE give the full aperture address.
      if (!sv) return 0;
      return op.code == 235 ? sv->sharedBase : op.code == 237 ? sv->privateBase : readScalar32(w, op, sv);
    }
    default: return readScalar32(w, op, sv);
  }
}

// Scalar writes to SGPRs/special registers (writes to constants are ignored,
// as the hardware ignores writes to non-writable destinations).
inline void writeScalar32(WaveState& w, const isa::Operand& op, uint32_t v) {
  if (op.kind == isa::OpdKind::SReg) w.sreg[op.reg & 127] = v;
}
inline void writeScalar64(WaveState& w, const isa::Operand& op, uint64_t v) {
  if (op.kind == isa::OpdKind::SReg && op.reg + 1u < kScalarFileSize) w.setSreg64(op.reg, v);
}
// Writes `n` consecutive dwords starting at the operand's register (SMEM loads).
inline void writeScalarN(WaveState& w, const isa::Operand& op, const uint32_t* v, unsigned n) {
  if (op.kind != isa::OpdKind::SReg) return;
  for (unsigned i = 0; i < n && op.reg + i < kScalarFileSize; ++i) w.sreg[op.reg + i] = v[i];
}

// Per-lane 32-bit source of a vector instruction: a VGPR row, or a scalar
// value broadcast to every lane. Returns a pointer to 64 values; `scratch`
// (64 entries) is used when the operand is not a VGPR.
inline const uint32_t* vectorSource32(const WaveState& w, const isa::Operand& op, uint32_t* scratch,
                                      const SpecialValues* sv = nullptr) {
  if (op.kind == isa::OpdKind::VReg) return w.v(op.reg);
  const uint32_t s = readScalar32(w, op, sv);
  for (unsigned l = 0; l < kWaveSize; ++l) scratch[l] = s;
  return scratch;
}

// Per-lane 64-bit source (VGPR pair, SGPR pair or 64-bit constant).
inline void vectorSource64(const WaveState& w, const isa::Operand& op, uint64_t* out,
                           const SpecialValues* sv = nullptr) {
  if (op.kind == isa::OpdKind::VReg) {
    const uint32_t* lo = w.v(op.reg);
    const uint32_t* hi = w.v(op.reg + 1);
    for (unsigned l = 0; l < kWaveSize; ++l) out[l] = lo[l] | static_cast<uint64_t>(hi[l]) << 32;
    return;
  }
  const uint64_t s = readScalar64(w, op, sv);
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = s;
}

}  // namespace gcnsim::sim
