// Jobs and CPU references of the four benchmark kernels (bench_kernels.hpp).
#include "tests/bench/bench_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace gcnsim::bench {
namespace {

using Json = nlohmann::ordered_json;

// fma_loop: rounds of the four fma chains per work-item.
constexpr uint32_t kFmaIterations = 64;
// lds_matmul: C (m x kMatN) = A (m x kMatK) * B (kMatK x kMatN); 16 work-groups
// per row of 16x16 tiles, so m = the work-group count.
constexpr uint32_t kMatN = 256, kMatK = 64;
constexpr float kSaxpyA = 1.5f;

// A job document; `grid` and `workgroup` as JSON arrays.
Json jobJson(const std::string& hsaco, const char* name, Json grid, Json workgroup, Json buffers, Json args,
             const char* output) {
  return Json{{"kernel", {{"file", hsaco}, {"name", name}}},
              {"grid", std::move(grid)},
              {"workgroup", std::move(workgroup)},
              {"buffers", std::move(buffers)},
              {"args", std::move(args)},
              {"output", {output}}};
}

// A one-dimensional job of `items` work-items in work-groups of kWorkgroupItems.
Json jobJson1d(const std::string& hsaco, const char* name, uint64_t items, Json buffers, Json args,
               const char* output) {
  return jobJson(hsaco, name, {items}, {kWorkgroupItems}, std::move(buffers), std::move(args), output);
}

Json randomFloats(uint64_t count, uint64_t seed) {
  return Json{{"type", "f32"}, {"count", count}, {"random", {{"seed", seed}, {"min", -1.0}, {"max", 1.0}}}};
}

Json zeroFloats(uint64_t count) { return Json{{"type", "f32"}, {"count", count}}; }

std::vector<float> floats(const std::vector<uint8_t>& bytes) {
  std::vector<float> v(bytes.size() / sizeof(float));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
  return v;
}

std::vector<float> input(const frontend::Job& job, const char* name) {
  return floats(job.findBuffer(name)->bytes);
}

std::vector<float> output(const frontend::ResultDoc& doc, const char* name) {
  for (const frontend::ResultBuffer& b : doc.buffers)
    if (b.name == name) return floats(b.bytes);
  return {};
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string mismatch(const char* buffer, size_t i, float got, double want) {
  char text[160];
  std::snprintf(text, sizeof text, "%s[%zu] is %.9g, the CPU reference %.9g", buffer, i, double(got), want);
  return text;
}

std::string wrongSize(const char* buffer, size_t got, size_t want) {
  return std::string(buffer) + " has " + std::to_string(got) + " elements, expected " + std::to_string(want);
}

// --- fma_loop: exact (fma is correctly rounded; the sum's order is the source's).
Json fmaJob(uint32_t workgroups, const std::string& hsaco) {
  const uint64_t items = uint64_t{workgroups} * kWorkgroupItems;
  return jobJson1d(hsaco, "fma_loop", items, {{"in", randomFloats(items, 1)}, {"out", zeroFloats(items)}},
                   {{{"buffer", "in"}}, {{"buffer", "out"}}, {{"value", kFmaIterations}, {"type", "u32"}}},
                   "out");
}

std::string fmaCheck(const frontend::Job& job, const frontend::ResultDoc& doc) {
  const std::vector<float> in = input(job, "in"), out = output(doc, "out");
  if (out.size() != in.size()) return wrongSize("out", out.size(), in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const float x = in[i];
    float a[4] = {x, x + 1.0f, x + 2.0f, x + 3.0f};
    for (uint32_t k = 0; k < kFmaIterations; ++k)
      for (float& v : a) v = std::fma(v, 0.999f, 0.001f);
    const float want = a[0] + a[1] + a[2] + a[3];
    if (!sameBits(out[i], want)) return mismatch("out", i, out[i], want);
  }
  return {};
}

// --- lds_matmul: within the float error bound of a k-term dot product (the
// compiler may fuse multiply and add or not): |C - exact| <= (k + 1) u sum |a b|.
Json matmulJob(uint32_t workgroups, const std::string& hsaco) {
  const uint64_t m = workgroups;
  return jobJson(hsaco, "lds_matmul", {kMatN, m}, {16, 16},
                 {{"A", randomFloats(m * kMatK, 2)},
                  {"B", randomFloats(uint64_t{kMatK} * kMatN, 3)},
                  {"C", zeroFloats(m * kMatN)}},
                 {{{"buffer", "A"}},
                  {{"buffer", "B"}},
                  {{"buffer", "C"}},
                  {{"value", kMatN}, {"type", "u32"}},
                  {{"value", kMatK}, {"type", "u32"}}},
                 "C");
}

std::string matmulCheck(const frontend::Job& job, const frontend::ResultDoc& doc) {
  const std::vector<float> a = input(job, "A"), b = input(job, "B"), c = output(doc, "C");
  const size_t m = a.size() / kMatK;
  if (c.size() != m * kMatN) return wrongSize("C", c.size(), m * kMatN);
  const double u = std::ldexp(1.0, -24);
  for (size_t r = 0; r < m; ++r)
    for (size_t col = 0; col < kMatN; ++col) {
      double exact = 0, magnitude = 0;
      for (size_t j = 0; j < kMatK; ++j) {
        const double p = double(a[r * kMatK + j]) * double(b[j * kMatN + col]);
        exact += p;
        magnitude += std::fabs(p);
      }
      const float got = c[r * kMatN + col];
      if (!(std::fabs(double(got) - exact) <= (kMatK + 1) * u * magnitude))
        return mismatch("C", r * kMatN + col, got, exact);
    }
  return {};
}

// --- saxpy: a * x + y either fused or rounded after the multiply.
Json saxpyJob(uint32_t workgroups, const std::string& hsaco) {
  const uint64_t items = uint64_t{workgroups} * kWorkgroupItems;
  return jobJson1d(hsaco, "saxpy", items, {{"x", randomFloats(items, 4)}, {"y", randomFloats(items, 5)}},
                   {{{"value", kSaxpyA}, {"type", "f32"}},
                    {{"buffer", "x"}},
                    {{"buffer", "y"}},
                    {{"value", items}, {"type", "u32"}}},
                   "y");
}

std::string saxpyCheck(const frontend::Job& job, const frontend::ResultDoc& doc) {
  const std::vector<float> x = input(job, "x"), y = input(job, "y"), out = output(doc, "y");
  if (out.size() != x.size()) return wrongSize("y", out.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const float fused = std::fma(kSaxpyA, x[i], y[i]);
    const float product = kSaxpyA * x[i];
    const float separate = product + y[i];
    if (!sameBits(out[i], fused) && !sameBits(out[i], separate)) return mismatch("y", i, out[i], fused);
  }
  return {};
}

// --- lds_reduction: exact, by the kernel's own tree (pairs lid and lid + s).
Json reductionJob(uint32_t workgroups, const std::string& hsaco) {
  const uint64_t items = uint64_t{workgroups} * kWorkgroupItems;
  return jobJson1d(
      hsaco, "lds_reduction", items, {{"in", randomFloats(items, 6)}, {"partial", zeroFloats(workgroups)}},
      {{{"buffer", "in"}}, {{"buffer", "partial"}}, {{"value", items}, {"type", "u32"}}}, "partial");
}

std::string reductionCheck(const frontend::Job& job, const frontend::ResultDoc& doc) {
  const std::vector<float> in = input(job, "in"), partial = output(doc, "partial");
  const size_t groups = in.size() / kWorkgroupItems;
  if (partial.size() != groups) return wrongSize("partial", partial.size(), groups);
  float sums[kWorkgroupItems];
  for (size_t g = 0; g < groups; ++g) {
    std::copy_n(in.begin() + std::ptrdiff_t(g * kWorkgroupItems), kWorkgroupItems, sums);
    for (uint32_t s = kWorkgroupItems / 2; s > 0; s >>= 1)
      for (uint32_t lid = 0; lid < s; ++lid) sums[lid] += sums[lid + s];
    if (!sameBits(partial[g], sums[0])) return mismatch("partial", g, partial[g], sums[0]);
  }
  return {};
}

const BenchKernel kKernels[] = {
    {"fma_loop", "ALU: 64 rounds of 4 independent fma chains per work-item", fmaJob, fmaCheck},
    {"lds_matmul", "16x16 tiled matmul through __local, k = 64, n = 256, m = work-groups", matmulJob,
     matmulCheck},
    {"saxpy", "memory streaming: y = a * x + y, one element per work-item", saxpyJob, saxpyCheck},
    {"lds_reduction", "256-item tree reduction in __local, one partial sum per work-group", reductionJob,
     reductionCheck},
};

}  // namespace

std::span<const BenchKernel> benchKernels() { return kKernels; }

std::array<uint32_t, 5> benchSizes(double scale) {
  std::array<uint32_t, 5> sizes{};
  for (int i = 0; i < 5; ++i) {
    const double wgs = 64.0 * scale * std::pow(std::sqrt(10.0), i);
    sizes[size_t(i)] = std::max<uint32_t>(16, uint32_t(std::lround(wgs / 16.0)) * 16);
  }
  return sizes;
}

}  // namespace gcnsim::bench
