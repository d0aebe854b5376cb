// References of the gfx906-only kernels (tests/kernels/src/*.arches naming
// gfx906): fused multiply-adds, dot products and xnor, computed on the host
// (std::fma is IEEE fusedMultiplyAdd; the f16 dot product's sum is exact in
// long double and rounded once; the integer dot products in 64 bits).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "tests/conformance/reference.hpp"

namespace gcnsim::conformance {
namespace {

using u32 = uint32_t;
using i32 = int32_t;
using i64 = int64_t;

// S2 + the sum over k of S0 field k * S1 field k (w-bit fields, signed or not), exact.
i64 dot(u32 a, u32 b, i64 c, unsigned w, bool sign) {
  i64 acc = c;
  for (unsigned k = 0; k < 32 / w; ++k) {
    i64 x = (a >> (w * k)) & ((1u << w) - 1), y = (b >> (w * k)) & ((1u << w) - 1);
    if (sign && (x >> (w - 1))) x -= i64{1} << w;
    if (sign && (y >> (w - 1))) y -= i64{1} << w;
    acc += x * y;
  }
  return acc;
}
i32 low32(i64 v) { return static_cast<i32>(static_cast<u32>(v)); }

REFERENCE(gfx906_dot_fma) {
  auto f = in.buf<float>("f"), g = in.buf<float>("g");
  auto h = in.buf<uint16_t>("h"), p = in.buf<uint16_t>("p"), q = in.buf<uint16_t>("q");
  auto a = in.buf<i32>("a"), b = in.buf<i32>("b");
  std::vector<float> of(f.size() * 4);
  std::vector<i32> oi(f.size() * 8);
  for (size_t i = 0; i < f.size(); ++i) {
    const float x = f[i], y = g[i];
    of[i * 4 + 0] = std::fma(x, y, f[i ^ 1]);
    of[i * 4 + 1] = std::fma(static_cast<float>(frontend::halfToDouble(h[i])), x, y);
    // fdot2: p.x * q.x + p.y * q.y + y, one rounding (the f16 products are exact)
    const long double p0 = static_cast<long double>(frontend::halfToDouble(p[2 * i])) *
                           static_cast<long double>(frontend::halfToDouble(q[2 * i]));
    const long double p1 = static_cast<long double>(frontend::halfToDouble(p[2 * i + 1])) *
                           static_cast<long double>(frontend::halfToDouble(q[2 * i + 1]));
    const long double s = p0 + p1 + static_cast<long double>(y);
    if ((s - static_cast<long double>(y)) - p0 != p1)
      throw std::runtime_error("fdot2 reference: inexact sum");
    of[i * 4 + 2] = static_cast<float>(s);
    of[i * 4 + 3] = std::fma(x, x, y) * 0.5f;
    const u32 s32 = static_cast<u32>(a[i]), t32 = static_cast<u32>(b[i]);
    oi[i * 8 + 0] = low32(dot(s32, t32, 7, 8, true));
    oi[i * 8 + 1] = low32(dot(s32, t32, 3, 8, false));
    oi[i * 8 + 2] = low32(dot(s32, t32, -5, 16, true));
    oi[i * 8 + 3] = low32(dot(s32, t32, 9, 16, false));
    oi[i * 8 + 4] = low32(dot(s32, t32, 11, 4, true));
    oi[i * 8 + 5] = low32(dot(s32, t32, 13, 4, false));
    oi[i * 8 + 6] =
        low32(std::clamp<i64>(dot(s32, t32, 0x7ffffff0, 8, true), INT32_MIN, INT32_MAX));  // clamp
    oi[i * 8 + 7] = static_cast<i32>(~(s32 ^ t32));
  }
  return {exact(in, "of", of, "fma, fma of a half, fdot2, fma * 0.5"),
          exact(in, "oi", oi, "sdot4, udot4, sdot2, udot2, sdot8, udot8, sdot4 clamp, xnor")};
}

}  // namespace
}  // namespace gcnsim::conformance
