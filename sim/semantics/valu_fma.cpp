// The fused multiply-adds of the vector ALU (v_fma_f32, gfx906's v_fmac_f32, v_fma_f64,
// v_div_fmas_f32, v_div_fmas_f64) in two builds with bit-identical results:
//
//   portable  the driver's lane loops as the rest of the simulator is built
//             (x86-64 baseline): std::fma is a libm call per lane;
//   host FMA  the same driver, every call inlined, compiled for AVX2 + FMA3,
//             so that std::fma becomes one vfmadd per 4-8 lanes in the
//             vectorized loops.
//
// fma is exactly rounded by definition (IEEE 754 fusedMultiplyAdd), in the
// host rounding mode: libm's fmaf/fma and the FMA instruction both round the
// exact a*b+c once under the MXCSR rounding mode that the driver's RoundScope
// set from MODE, and neither flushes denormals (the simulator never sets
// MXCSR FTZ/DAZ; MODE denormal flushing is done on the bit patterns by the
// driver, before and after the lane function). So the host-FMA build is
// exact for every MODE and is used whenever the host has the instructions
// (checked once at start-up) unless the build option GCNSIM_HOST_FMA is OFF.
// tests/sim/semantics/valu_host_fma_test.cpp runs both builds side by side.
#include <cmath>

#include "sim/semantics/valu_driver.hpp"
#include "sim/semantics/valu_trans.hpp"

#if GCNSIM_HOST_FMA && defined(__x86_64__)
#define GCNSIM_HOST_FMA_X86 1
#else
#define GCNSIM_HOST_FMA_X86 0
#endif

namespace gcnsim::sim::valu {
namespace {

using f64 = double;

// FMA(a, b, c) whose NaN operands give the first NaN of a, b, c, quieted.
// Written out because the host decides otherwise: an x86 FMA instruction
// returns the first NaN in its own operand order, which differs between the
// 132/213/231 forms the compiler picks (libm's fmaf is the 213 form: a, b, c).
// Branch-free, so that the lane loops vectorize.
template <class T>
[[gnu::always_inline]] inline T fusedMulAdd(T a, T b, T c) {
  T r = std::fma(a, b, c);
  r = std::isnan(c) ? quiet(c) : r;
  r = std::isnan(b) ? quiet(b) : r;
  return std::isnan(a) ? quiet(a) : r;
}

#if GCNSIM_HOST_FMA_X86
// Drv::run with everything it calls inlined (flatten), so that the lane loops
// and the lane function are compiled for the FMA target too.
template <class Drv>
[[gnu::target("avx2,fma"), gnu::flatten]] void runHostFma(Exec& x) {
  Drv::run(x);
}
#endif

// vop<D, S...>(lambda) in the portable or the host-FMA build.
template <class D, class... S, class F>
SemFn fmaVop(F, bool hostFma) {
  static_assert(std::is_empty_v<F>, "lane functions must not capture");
  using Drv = Driver<D, 0, F, S...>;
#if GCNSIM_HOST_FMA_X86
  if (hostFma) return &runHostFma<Drv>;
#else
  (void)hostFma;
#endif
  return &Drv::run;
}

}  // namespace

bool hostFmaAvailable() {
#if GCNSIM_HOST_FMA_X86
  static const bool available = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return available;
#else
  return false;
#endif
}

void registerValuFma(SemRegistry& r, bool hostFma) {
  hostFma = hostFma && hostFmaAvailable();
  // VDST = FMA(SRC0, SRC1, SRC2)
  r.add("v_fma_f32",
        fmaVop<F32, F32, F32, F32>([](float a, float b, float c) { return fusedMulAdd(a, b, c); }, hostFma));
  // D.f = S0.f * S1.f + D.f (gfx906 V_FMAC_F32, fused)
  r.add("v_fmac_f32", fmaVop<F32, F32, F32, OldDst<F32>>(
                          [](float a, float b, float c) { return fusedMulAdd(a, b, c); }, hostFma));
  r.add("v_fma_f64",
        fmaVop<F64, F64, F64, F64>([](f64 a, f64 b, f64 c) { return fusedMulAdd(a, b, c); }, hostFma));
  // VDST = FMA(SRC0, SRC1, SRC2), times 2^64 (|SRC2| >= 2.0) or 2^-64 when the VCC bit is set
  r.add("v_div_fmas_f32", fmaVop<F32, F32, F32, F32, VccIn>(
                              [](float a, float b, float c, bool vcc) {
                                if (!vcc) return fusedMulAdd(a, b, c);
                                return fmaScaled(a, b, c, expField(c) > 127 ? 64 : -64);
                              },
                              hostFma));
  // The same for f64: times 2^128 (|SRC2| >= 2.0) or 2^-128
  r.add("v_div_fmas_f64", fmaVop<F64, F64, F64, F64, VccIn>(
                              [](f64 a, f64 b, f64 c, bool vcc) {
                                if (!vcc) return fusedMulAdd(a, b, c);
                                return fmaScaled(a, b, c, expField(c) > 1023 ? 128 : -128);
                              },
                              hostFma));
}

}  // namespace gcnsim::sim::valu
