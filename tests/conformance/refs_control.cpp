// References of the control-flow and dispatch kernels: data-dependent loops
// and branches, 2D/3D grids with partial work-groups, wave intrinsics.
#include <cstdint>

#include "tests/conformance/reference.hpp"

namespace gcnsim::conformance {
namespace {
using u32 = uint32_t;
using i32 = int32_t;
using u64 = uint64_t;
u32 ceilDiv(u32 a, u32 b) { return (a + b - 1) / b; }
}  // namespace

REFERENCE(collatz) {
  auto start = in.buf<u32>("start");
  auto steps = in.buf<u32>("steps");
  auto peak = in.buf<u64>("peak");
  const u32 n = in.arg<u32>(3);
  for (u32 i = 0; i < n; ++i) {
    u64 v = start[i], top = v;
    u32 k = 0;
    while (v != 1 && k < 500) {
      v = (v & 1) ? 3 * v + 1 : v >> 1;
      top = v > top ? v : top;
      ++k;
    }
    steps[i] = k;
    peak[i] = top;
  }
  return {exact(in, "steps", steps, "step counts"), exact(in, "peak", peak, "peaks")};
}

REFERENCE(calls_o0) {
  auto v = in.buf<u32>("in");
  auto out = in.buf<u32>("out");
  const u32 n = in.arg<u32>(2);
  const auto mix = [](u32 x, u32 k) {
    u32 a[4];
    for (u32 i = 0; i < 4; ++i) a[i] = x * (k + i) + i;
    return a[x & 3] ^ (a[(x >> 2) & 3] >> 3);
  };
  for (u32 i = 0; i < n; ++i) out[i] = mix(v[i], 7) + mix(v[i] + 1, 13);
  return {exact(in, "out", out, "results of the called helper")};
}

REFERENCE(divergent) {
  auto v = in.buf<i32>("in");
  auto out = in.buf<i32>("out");
  const u32 n = in.arg<u32>(2);
  for (u32 i = 0; i < n; ++i) {
    const i32 x = v[i];
    if (x % 7 == 0) continue;
    i32 r;
    switch (x & 3) {
      case 0: r = x * 2; break;
      case 1: r = x - 100; break;
      case 2: r = (x < 0) ? -x : static_cast<i32>(static_cast<u32>(x) * static_cast<u32>(x)); break;
      default: r = x ^ 0x5555; break;
    }
    if (r > 1000) {
      if (r & 8)
        r -= 1000;
      else
        r = r / 3;
    }
    for (i32 k = 0; k < (x & 31); ++k) {
      if (((x >> k) & 3) == 3) break;
      if (k & 1) continue;
      r = static_cast<i32>(static_cast<u32>(r) + static_cast<u32>(k * (x & 0xff)));
    }
    out[i] = r;
  }
  return {exact(in, "out", out, "divergent results")};
}

REFERENCE(grid2d_edges) {
  const auto& j = in.job();
  const u32 W = j.grid[0], H = j.grid[1], wx = j.workgroup[0], wy = j.workgroup[1];
  std::vector<u32> ids(W * H), sizes(W * H);
  for (u32 y = 0; y < H; ++y)
    for (u32 x = 0; x < W; ++x) {
      ids[y * W + x] =
          x | (y << 8) | ((x % wx) << 16) | ((y % wy) << 20) | ((x / wx) << 24) | ((y / wy) << 28);
      sizes[y * W + x] = ceilDiv(W, wx) | (ceilDiv(H, wy) << 8) | (H << 16) | (2u << 28);
    }
  return {exact(in, "ids", ids, "ids"), exact(in, "sizes", sizes, "sizes")};
}

REFERENCE(grid3d_edges) {
  const auto& j = in.job();
  const u32 X = j.grid[0], Y = j.grid[1], Z = j.grid[2];
  const u32 wx = j.workgroup[0], wy = j.workgroup[1], wz = j.workgroup[2];
  std::vector<u32> ids(X * Y * Z), groups(X * Y * Z);
  std::vector<float> vals(X * Y * Z);
  for (u32 z = 0; z < Z; ++z)
    for (u32 y = 0; y < Y; ++y)
      for (u32 x = 0; x < X; ++x) {
        const u32 idx = (z * Y + y) * X + x;
        ids[idx] = x | (y << 8) | (z << 16) | ((x % wx) << 24) | ((y % wy) << 27) | ((z % wz) << 30);
        groups[idx] = (x / wx) | ((y / wy) << 4) | ((z / wz) << 8) | (ceilDiv(X, wx) << 12) |
                      (ceilDiv(Y, wy) << 16) | (ceilDiv(Z, wz) << 20) | (3u << 24);
        const float a = static_cast<float>(x) * 0.5f;
        vals[idx] = a - static_cast<float>(y * z);
      }
  return {exact(in, "ids", ids, "ids"), exact(in, "groups", groups, "group ids and counts"),
          exact(in, "vals", vals, "values")};
}

REFERENCE(wave_intrinsics) {
  auto v = in.buf<i32>("in");
  std::vector<i32> out(v.size() * 6);
  for (u32 g = 0; g < v.size(); ++g) {
    const u32 w = g & ~63u, l = g & 63u;
    i32* o = &out[g * 6];
    o[0] = static_cast<i32>(l);
    o[1] = v[w];
    o[2] = v[w + 37];
    o[3] = v[w + (l & ~3u) + (3 - (l & 3u))];
    o[4] = v[w + (l ^ 5u)];
    o[5] = (l & 15) ? v[w + l - 1] : -7;
  }
  return {exact(in, "out", out, "lane id, readfirstlane, readlane, swizzle, bpermute, dpp row_shr")};
}

REFERENCE(mandelbrot) {
  const auto& j = in.job();
  const float x0 = in.arg<float>(1), y0 = in.arg<float>(2), step = in.arg<float>(3);
  const u32 maxIter = in.arg<u32>(4);
  const u32 W = j.grid[0], H = j.grid[1];
  std::vector<u32> iters(W * H);
  for (u32 py = 0; py < H; ++py)
    for (u32 px = 0; px < W; ++px) {
      const float sx = static_cast<float>(px) * step, sy = static_cast<float>(py) * step;
      const float cx = x0 + sx, cy = y0 + sy;
      float zx = 0.0f, zy = 0.0f;
      u32 k = 0;
      while (k < maxIter) {
        const float xx = zx * zx, yy = zy * zy;
        const float m = xx + yy;
        if (!(m <= 4.0f)) break;
        const float d = xx - yy;
        const float t = d + cx;
        const float tx = 2.0f * zx;
        const float p = tx * zy;
        zy = p + cy;
        zx = t;
        ++k;
      }
      iters[py * W + px] = k;
    }
  return {exact(in, "iters", iters, "escape counts")};
}

}  // namespace gcnsim::conformance
