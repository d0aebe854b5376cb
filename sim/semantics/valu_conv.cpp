// Conversions between integer and floating-point formats, and the packing
// conversions (pknorm, pkrtz, pkaccum, pk_u8, pack_b32_f16).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
// Float -> integer conversions truncate (unless named otherwise), saturate to
// the integer range and give 0 for NaN.
#include <algorithm>
#include <cmath>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

using f64 = double;

// (INT32)MAX(MIN(RNDTZINT(x), 2147483647.0), -2147483648.0); NaN -> 0
i32 toI32(f64 x) {
  if (std::isnan(x)) return 0;
  return static_cast<i32>(std::clamp(std::trunc(x), -2147483648.0, 2147483647.0));
}
// (UINT32)MIN(RNDTZINT(x), 4294967295.0) (negative -> 0); NaN -> 0
u32 toU32(f64 x) {
  if (std::isnan(x)) return 0;
  return static_cast<u32>(std::clamp(std::trunc(x), 0.0, 4294967295.0));
}
// floor-based conversions: NaN -> MAX_INT32/MIN_INT32 by sign (V_CVT_FLR_I32_F32, V_CVT_RPI_I32_F32)
i32 floorToI32(f64 x) {
  if (std::isnan(x)) return std::signbit(x) ? INT32_MIN : INT32_MAX;
  return static_cast<i32>(std::clamp(std::floor(x), -2147483648.0, 2147483647.0));
}

// roundNorm: RNDNEINT(S*32767) clamped to [-32767, 32767] / RNDNEINT(S*65535) to [0, 65535]; NaN -> 0
u32 snorm16(f64 x) {
  if (std::isnan(x)) return 0;
  return static_cast<u32>(static_cast<i32>(std::clamp(__builtin_roundeven(x * 32767.0), -32767.0, 32767.0))) &
         0xffff;
}
u32 unorm16(f64 x) {
  if (std::isnan(x)) return 0;
  return static_cast<u32>(std::clamp(__builtin_roundeven(x * 65535.0), 0.0, 65535.0));
}

// VAL8 = (UINT8)MAX(MIN(RNDINT(f), 255.0), 0.0) (NaN -> 0), placed in byte (SRC1&3) of `into`
u32 packU8(float f, u32 sel, u32 into) {
  const unsigned shift = (sel & 3) * 8;
  const float v = std::nearbyint(f);
  const u32 b = std::isnan(v) ? 0u : static_cast<u32>(std::clamp(v, 0.0f, 255.0f));
  return (into & ~(0xffu << shift)) | (b << shift);
}

}  // namespace

void registerValuConv(SemRegistry& r) {
  // VDST = (FLOAT)(INT32)SRC0, (FLOAT)SRC0 (rounded with the MODE round mode)
  r.add("v_cvt_f32_i32", vop<F32, I32>([](i32 a) { return static_cast<float>(a); }));
  r.add("v_cvt_f32_u32", vop<F32, U32>([](u32 a) { return static_cast<float>(a); }));
  r.add("v_cvt_i32_f32", vop<I32, F32>([](float a) { return toI32(a); }));
  r.add("v_cvt_u32_f32", vop<U32, F32>([](float a) { return toU32(a); }));
  // VDST = (INT32)FLOOR(SF); (INT32)FLOOR(SF + 0.5)
  r.add("v_cvt_flr_i32_f32", vop<I32, F32>([](float a) { return floorToI32(a); }));
  r.add("v_cvt_rpi_i32_f32", vop<I32, F32>([](float a) { return floorToI32(static_cast<f64>(a) + 0.5); }));
  // VDST = (FLOAT)((SRC0 >> 8n) & 0xff)
  r.add("v_cvt_f32_ubyte0", vop<F32, U32>([](u32 a) { return static_cast<float>(a & 0xff); }));
  r.add("v_cvt_f32_ubyte1", vop<F32, U32>([](u32 a) { return static_cast<float>((a >> 8) & 0xff); }));
  r.add("v_cvt_f32_ubyte2", vop<F32, U32>([](u32 a) { return static_cast<float>((a >> 16) & 0xff); }));
  r.add("v_cvt_f32_ubyte3", vop<F32, U32>([](u32 a) { return static_cast<float>(a >> 24); }));
  // VDST = (FLOAT)((SRC0 & 0xf) ^ 8) / 16.0 - 0.5
  r.add("v_cvt_off_f32_i4",
        vop<F32, U32>([](u32 a) { return static_cast<float>((a & 0xf) ^ 8) / 16.0f - 0.5f; }));

  // ---- f64 ----
  r.add("v_cvt_f64_f32", vop<F64, F32>([](float a) { return static_cast<f64>(a); }));
  r.add("v_cvt_f32_f64", vop<F32, F64>([](f64 a) { return static_cast<float>(a); }));
  r.add("v_cvt_f64_i32", vop<F64, I32>([](i32 a) { return static_cast<f64>(a); }));
  r.add("v_cvt_f64_u32", vop<F64, U32>([](u32 a) { return static_cast<f64>(a); }));
  r.add("v_cvt_i32_f64", vop<I32, F64>([](f64 a) { return toI32(a); }));
  r.add("v_cvt_u32_f64", vop<U32, F64>([](f64 a) { return toU32(a); }));

  // ---- f16 ----
  // VDST = CVTHALF(ASFLOAT(SRC0)); VDST = (FLOAT)ASHALF(SRC0)
  r.add("v_cvt_f16_f32", vop<F16, F32>([](float a) { return static_cast<f64>(a); }));
  r.add("v_cvt_f32_f16", vop<F32, F16>([](f64 a) { return static_cast<float>(a); }));
  // VDST = (HALF)(INT16)SRC0, (HALF)(SRC0&0xffff)
  r.add("v_cvt_f16_i16", vop<F16, I16>([](i32 a) { return static_cast<f64>(a); }));
  r.add("v_cvt_f16_u16", vop<F16, U16>([](u32 a) { return static_cast<f64>(a); }));
  // VDST = (INT16)MAX(MIN(RNDTZINT(x), 32767.0), -32768.0); (UINT16)MIN(RNDTZINT(x), 65535.0); NaN -> 0
  r.add("v_cvt_i16_f16", vop<I16, F16>([](f64 a) {
          return std::isnan(a) ? 0 : static_cast<i32>(std::clamp(std::trunc(a), -32768.0, 32767.0));
        }));
  r.add("v_cvt_u16_f16", vop<U16, F16>([](f64 a) {
          return std::isnan(a) ? 0u : static_cast<u32>(std::clamp(std::trunc(a), 0.0, 65535.0));
        }));
  // VDST = (INT16)MAX(MIN(RNDINT(x*32767.0), 32767.0), -32767.0); u16: *65535 in [0, 65535]
  r.add("v_cvt_norm_i16_f16", vop<I16, F16>([](f64 a) {
          return std::isnan(a) ? 0
                               : static_cast<i32>(std::clamp(std::nearbyint(a * 32767.0), -32767.0, 32767.0));
        }));
  r.add("v_cvt_norm_u16_f16", vop<U16, F16>([](f64 a) {
          return std::isnan(a) ? 0u : static_cast<u32>(std::clamp(std::nearbyint(a * 65535.0), 0.0, 65535.0));
        }));

  // ---- packing ----
  // D0 = CVT_HALF_RTZ(SRC0), D1 = CVT_HALF_RTZ(SRC1); VDST = D0 | D1 << 16
  r.add("v_cvt_pkrtz_f16_f32",
        vop<U32, F32, F32>([](float a, float b) { return doubleToHalf(a, 3) | (doubleToHalf(b, 3) << 16); }));
  r.add("v_cvt_pknorm_i16_f32",
        vop<U32, F32, F32>([](float a, float b) { return snorm16(a) | (snorm16(b) << 16); }));
  r.add("v_cvt_pknorm_u16_f32",
        vop<U32, F32, F32>([](float a, float b) { return unorm16(a) | (unorm16(b) << 16); }));
  r.add("v_cvt_pknorm_i16_f16",
        vop<U32, F16, F16>([](f64 a, f64 b) { return snorm16(a) | (snorm16(b) << 16); }));
  r.add("v_cvt_pknorm_u16_f16",
        vop<U32, F16, F16>([](f64 a, f64 b) { return unorm16(a) | (unorm16(b) << 16); }));
  // VDST = (VDST&~mask) | VAL8 << shift;  VDST = (SRC2&~mask) | VAL8 << shift
  r.add("v_cvt_pkaccum_u8_f32",
        vop<U32, F32, U32, OldDst<U32>>([](float a, u32 sel, u32 old) { return packU8(a, sel, old); }));
  r.add("v_cvt_pk_u8_f32",
        vop<U32, F32, U32, U32>([](float a, u32 sel, u32 into) { return packU8(a, sel, into); }));
  // VDST = (SRC0&0xffff) | (SRC1<<16)
  r.add("v_pack_b32_f16", vop<U32, H16, H16>([](u32 a, u32 b) { return a | (b << 16); }));
}

}  // namespace gcnsim::sim::valu
