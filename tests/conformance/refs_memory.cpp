// References of the memory kernels: narrow types, __local (reductions, scan,
// tiles, sort, histogram, mixed dynamic arguments), atomics, scratch,
// __constant tables, many-work-group streams.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "tests/conformance/reference.hpp"

namespace gcnsim::conformance {
namespace {
using u32 = uint32_t;
using i32 = int32_t;
using u64 = uint64_t;
using i64 = int64_t;
}  // namespace

REFERENCE(narrow_types) {
  auto c = in.buf<int8_t>("c");
  auto uc = in.buf<uint8_t>("uc");
  auto s = in.buf<int16_t>("s");
  auto us = in.buf<uint16_t>("us");
  auto wide = in.buf<i32>("wide");
  auto oc = in.buf<int8_t>("oc");
  auto ouc = in.buf<uint8_t>("ouc");
  auto os = in.buf<int16_t>("os");
  auto ous = in.buf<uint16_t>("ous");
  const u32 n = in.arg<u32>(9);
  for (u32 i = 0; i < n; ++i) {
    const i32 vc = c[i], vuc = uc[i], vs = s[i], vus = us[i];
    i32* w = &wide[i * 6];
    w[0] = vc;
    w[1] = vuc;
    w[2] = vs;
    w[3] = vus;
    w[4] = vc * vs + vuc;
    w[5] = (vus >> 3) - (vs >> 2);
    oc[i] = static_cast<int8_t>(vc * 3 + 1);
    ouc[i] = static_cast<uint8_t>((vuc ^ 0x5a) + static_cast<uint8_t>(vc));
    os[i] = static_cast<int16_t>(static_cast<int16_t>(vs >> 2) - static_cast<int16_t>(vc));
    ous[i] = static_cast<uint16_t>(vus + 1000u);
  }
  return {exact(in, "wide", wide, "extensions"), exact(in, "oc", oc, "char stores"),
          exact(in, "ouc", ouc, "uchar stores"), exact(in, "os", os, "short stores"),
          exact(in, "ous", ous, "ushort stores")};
}

REFERENCE(packed_struct_o0) {
  // The OpenCL struct's layout, packed: c@0 i@1 s@5 l@7 f@15 d@19 x@20, 28 bytes.
#pragma pack(push, 1)
  struct P {
    int8_t c;
    i32 i;
    int16_t s;
    i64 l;
    float f;
    int8_t d;
    double x;
  };
#pragma pack(pop)
  static_assert(sizeof(P) == 28);
  auto bytesIn = in.buf<uint8_t>("in");
  auto out = in.buf<uint8_t>("out");
  const u32 n = in.arg<u32>(2);
  for (u32 g = 0; g < n; ++g) {
    P p;
    std::memcpy(&p, &bytesIn[g * sizeof(P)], sizeof(P));
    p.d = static_cast<int8_t>(p.s >> 3);
    p.i = static_cast<i32>(static_cast<u32>(p.i) + static_cast<u32>(i32{p.c}));  // wraps, as the add does
    p.s = static_cast<int16_t>(p.s ^ 0x1234);
    p.l = static_cast<i64>(static_cast<u64>(p.l) * 3 + static_cast<u64>(i64{p.i}));
    std::memcpy(&out[g * sizeof(P)], &p, sizeof(P));
  }
  return {exact(in, "out", out, "the struct's fields after the private copy")};
}

REFERENCE(lds_reduce) {
  auto ui = in.buf<u32>("in");
  auto fi = in.buf<float>("fin");
  const u32 n = in.arg<u32>(6);
  const u32 wg = in.job().workgroup[0], groups = in.job().grid[0] / wg;
  std::vector<u32> us(groups);
  std::vector<float> fs(groups);
  for (u32 g = 0; g < groups; ++g) {
    std::vector<u32> a(wg);
    std::vector<float> f(wg);
    for (u32 l = 0; l < wg; ++l) {
      const u32 gid = g * wg + l;
      a[l] = gid < n ? ui[gid] : 0;
      f[l] = gid < n ? fi[gid] : 0.0f;
    }
    for (u32 s = wg / 2; s > 0; s >>= 1)
      for (u32 l = 0; l < s; ++l) {
        a[l] += a[l + s];
        f[l] += f[l + s];
      }
    us[g] = a[0];
    fs[g] = f[0];
  }
  return {exact(in, "usum", us, "uint sums"), exact(in, "fsum", fs, "float tree sums")};
}

REFERENCE(lds_scan) {
  auto v = in.buf<u32>("in");
  const u32 wg = in.job().workgroup[0];
  std::vector<u32> out(v.size());
  for (size_t base = 0; base < v.size(); base += wg) {
    u32 sum = 0;
    for (u32 l = 0; l < wg; ++l) out[base + l] = sum += v[base + l];
  }
  return {exact(in, "out", out, "inclusive scan")};
}

REFERENCE(matmul_tiled) {
  auto A = in.buf<i32>("A"), B = in.buf<i32>("B");
  auto C = in.buf<float>("C");
  const u32 M = in.arg<u32>(3), N = in.arg<u32>(4), K = in.arg<u32>(5);
  for (u32 r = 0; r < M; ++r)
    for (u32 c = 0; c < N; ++c) {
      i32 acc = 0;
      for (u32 k = 0; k < K; ++k) acc += A[r * K + k] * B[k * N + c];
      C[r * N + c] = static_cast<float>(acc);
    }
  return {exact(in, "C", C, "C = A * B")};
}

REFERENCE(transpose_padded) {
  auto v = in.buf<float>("in");
  auto out = in.buf<float>("out");
  const u32 W = in.arg<u32>(2), H = in.arg<u32>(3);
  for (u32 y = 0; y < H; ++y)
    for (u32 x = 0; x < W; ++x) out[x * H + y] = v[y * W + x];
  return {exact(in, "out", out, "transpose")};
}

REFERENCE(histogram_local) {
  auto data = in.buf<u32>("data");
  auto hist = in.buf<u32>("hist");
  const u32 n = in.arg<u32>(2);
  for (u32 i = 0; i < n; ++i) {
    const u32 v = data[i];
    hist[(v >> 7) % 64] += 1;
    if (v & 1) hist[v % 64] += 2;
  }
  return {exact(in, "hist", hist, "histogram")};
}

REFERENCE(global_atomics) {
  auto v = in.buf<u32>("v");
  auto acc = in.buf<u32>("acc");
  auto sacc = in.buf<i32>("sacc");
  auto flags = in.buf<u32>("flags");
  const u32 n = in.arg<u32>(4);
  for (u32 i = 0; i < n; ++i) {
    const u32 x = v[i];
    acc[0] += x;
    acc[1] -= x >> 4;
    acc[2] = std::min(acc[2], x);
    acc[3] = std::max(acc[3], x);
    acc[4] &= x | (1u << (i & 31));
    acc[5] |= x & 0x10101010u;
    acc[6] ^= x;
    flags[acc[7]++] += 1;
    acc[8] -= 1;
    acc[9] = 77;
    if (x & 4) acc[10] += 1;
    sacc[0] = std::min(sacc[0], static_cast<i32>(x));
    sacc[1] = std::max(sacc[1], static_cast<i32>(x));
    sacc[2] = static_cast<i32>(static_cast<u32>(sacc[2]) + static_cast<u32>(static_cast<i32>(x) >> 8));
    acc[11] = acc[11] >= 37 ? 0 : acc[11] + 1;                      // __builtin_amdgcn_atomic_inc32
    acc[12] = acc[12] == 0 || acc[12] > 1000 ? 1000 : acc[12] - 1;  // __builtin_amdgcn_atomic_dec32
  }
  // Every work-item of the grid (also those past n) increments its work-group's
  // __local counter with wrap-around at 9; work-item 0 adds the final count.
  const u32 wg = in.job().workgroup[0], grid = in.job().grid[0];
  for (u32 base = 0; base < grid; base += wg) {
    u32 lc = 0;
    for (u32 k = 0; k < std::min(wg, grid - base); ++k) lc = lc >= 9 ? 0 : lc + 1;
    acc[13] += lc;
  }
  return {exact(in, "acc", acc, "add/sub/umin/umax/and/or/xor/inc/dec/xchg/add/inc32/dec32/local inc32"),
          exact(in, "sacc", sacc, "signed min/max/add"), exact(in, "flags", flags, "atomic_inc results")};
}

REFERENCE(cmpxchg_loop) {
  auto v = in.buf<u32>("v");
  auto prod = in.buf<u32>("prod");
  auto prod64 = in.buf<u64>("prod64");
  auto acc64 = in.buf<i64>("acc64");
  const u32 n = in.arg<u32>(4);
  for (u32 i = 0; i < n; ++i) {
    const u32 m = 2u * v[i] + 1u;
    prod[i % 8] *= m;
    const u64 m64 = (static_cast<u64>(m) << 32) | static_cast<u64>(m * 3u) | 1u;
    prod64[i % 4] *= m64;
    acc64[0] = static_cast<i64>(static_cast<u64>(acc64[0]) + m64);
    acc64[1] = std::min(acc64[1], static_cast<i64>(m64 << 17));
    acc64[2] = std::max(acc64[2], static_cast<i64>(m64 << 17));
    acc64[3] = 5;
  }
  return {exact(in, "prod", prod, "32-bit cmpxchg products"),
          exact(in, "prod64", prod64, "64-bit cmpxchg products"),
          exact(in, "acc64", acc64, "64-bit add/min/max/xchg")};
}

REFERENCE(private_array) {
  auto v = in.buf<u32>("in");
  auto out = in.buf<u32>("out");
  const u32 n = in.arg<u32>(2);
  for (u32 i = 0; i < n; ++i) {
    const u32 x = v[i];
    u32 arr[64];
    for (u32 k = 0; k < 64; ++k) arr[k] = (x * (k + 1)) ^ (k << 9);
    u32 acc = 0;
    for (u32 k = 0; k < 40; ++k) {
      const u32 idx = (x + k * 13 + acc) % 64;
      acc += arr[idx];
      arr[(idx * 7 + 3) % 64] ^= acc;
    }
    out[i * 2] = acc;
    out[i * 2 + 1] = arr[x % 64];
  }
  return {exact(in, "out", out, "scratch array results")};
}

REFERENCE(constant_table) {
  static const u32 kNibble[16] = {
      0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
      0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu, 0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};
  static const float kPoly[6] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, 3.0f};
  auto words = in.buf<u32>("words");
  auto xs = in.buf<float>("xs");
  auto crc = in.buf<u32>("crc");
  auto py = in.buf<float>("py");
  const u32 n = in.arg<u32>(4);
  for (u32 i = 0; i < n; ++i) {
    u32 c = 0xffffffffu;
    for (u32 w = 0; w < 4; ++w) {
      u32 v = words[i * 4 + w];
      for (u32 b = 0; b < 8; ++b) {
        c = (c >> 4) ^ kNibble[(c ^ v) & 15u];
        v >>= 4;
      }
    }
    crc[i] = ~c;
    const float x = xs[i];
    float y = kPoly[5];
    for (int k = 4; k >= 0; --k) {
      const float t = y * x;
      y = t + kPoly[k];
    }
    py[i] = y + kPoly[i % 6];
  }
  return {exact(in, "crc", crc, "nibble CRC-32"), exact(in, "py", py, "polynomial")};
}

REFERENCE(dot_atomic) {
  auto a = in.buf<i32>("a"), b = in.buf<i32>("b");
  const u32 wg = in.job().workgroup[0], groups = in.job().grid[0] / wg;
  std::vector<i32> partial(groups);
  std::vector<i32> total = in.buf<i32>("total");
  for (u32 g = 0; g < groups; ++g) {
    i32 s = 0;
    for (u32 l = 0; l < wg; ++l) s += a[g * wg + l] * b[g * wg + l];
    partial[g] = s;
    total[0] += s;
  }
  return {exact(in, "partial", partial, "work-group sums"), exact(in, "total", total, "atomic total")};
}

REFERENCE(local_args_mixed) {
  auto v = in.buf<i32>("in");
  const u32 wg = in.job().workgroup[0];
  std::vector<double> out(v.size());
  for (size_t base = 0; base < v.size(); base += wg)
    for (u32 l = 0; l < wg; ++l) {
      const double s = static_cast<int16_t>(v[base + (l + 1) % wg]);
      const double d = static_cast<double>(v[base + (l + 3) % wg]) * 0.25;
      const double u = static_cast<double>(static_cast<u32>(v[base + wg - 1 - l]) ^ 0xabcdu);
      out[base + l] = s + d + u;
    }
  return {exact(in, "out", out, "mixed __local reads")};
}

REFERENCE(bitonic_sort_local) {
  auto data = in.buf<u32>("data");
  for (size_t base = 0; base + 256 <= data.size(); base += 256)
    std::sort(data.begin() + base, data.begin() + base + 256);
  return {exact(in, "data", data, "sorted 256-element chunks")};
}

REFERENCE(stream_read) {
  auto v = in.buf<float>("in");
  auto out = in.buf<float>("out");
  const u32 n = in.arg<u32>(2), grid = in.job().grid[0];
  for (u32 g = 0; g < grid; ++g) {
    float s[4] = {0, 0, 0, 0};
    for (u32 i = g; i < n; i += grid)
      for (u32 c = 0; c < 4; ++c) s[c] += v[4 * i + c];
    out[g] = ((s[0] + s[1]) + s[2]) + s[3];
  }
  return {exact(in, "out", out, "each work-item's grid-stride sum")};
}

REFERENCE(saxpy_many_wg) {
  const float a = in.arg<float>(0);
  auto x = in.buf<float>("x");
  auto y = in.buf<float>("y");
  for (size_t i = 0; i < y.size(); ++i) {
    const float t = a * x[i];
    y[i] = t + y[i];
  }
  return {exact(in, "y", y, "a * x + y")};
}

}  // namespace gcnsim::conformance

namespace gcnsim::conformance {

REFERENCE(odd_workgroup) {
  auto v = in.buf<int32_t>("in");
  auto stats = in.buf<int32_t>("stats");
  auto rel = in.buf<int32_t>("rel");
  const uint32_t wg = in.job().workgroup[0], grid = in.job().grid[0];
  for (uint32_t base = 0, g = 0; base < grid; base += wg, ++g) {
    const uint32_t end = std::min(grid, base + wg);
    int32_t mx = INT32_MIN, mn = INT32_MAX, sum = 0;
    for (uint32_t k = base; k < end; ++k) {
      mx = std::max(mx, v[k]);
      mn = std::min(mn, v[k]);
      sum += v[k];
    }
    for (uint32_t k = base; k < end; ++k) rel[k] = v[k] - mn + (mx >> 8);
    stats[g * 4 + 0] = mx;
    stats[g * 4 + 1] = mn;
    stats[g * 4 + 2] = sum;
    stats[g * 4 + 3] = static_cast<int32_t>(end - base);
  }
  return {exact(in, "stats", stats, "per-work-group max/min/sum/count"),
          exact(in, "rel", rel, "per-item values")};
}

}  // namespace gcnsim::conformance
