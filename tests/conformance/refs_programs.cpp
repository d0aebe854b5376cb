// References of the multi-kernel programs (tests/conformance/programs/):
// LU decomposition, BFS and a Jacobi stencil, each run by a multi-step job.
// They are registered under the program's name (the job file's stem) and
// compute the whole program on the CPU from the job's initial buffers.
#include <cmath>
#include <cstdint>
#include <deque>
#include <stdexcept>

#include "tests/conformance/reference.hpp"

namespace gcnsim::conformance {
namespace {
using u8 = uint8_t;
using u32 = uint32_t;
using i32 = int32_t;

// n for a buffer of n x n elements.
u32 squareSide(size_t count, const char* what) {
  const u32 n = static_cast<u32>(std::lround(std::sqrt(static_cast<double>(count))));
  if (static_cast<size_t>(n) * n != count)
    throw std::runtime_error(std::string("reference: ") + what + " is not square");
  return n;
}
}  // namespace

// Doolittle LU without pivoting, in place, column by column: for each k the
// multipliers a[i][k] /= a[k][k], then the trailing update a[i][j] -=
// a[i][k] * a[k][j]; each element sees the same correctly rounded f64
// operations in the same order as in the kernels (lu.cl).
REFERENCE(lu) {
  auto a = in.buf<double>("a");
  const u32 n = squareSide(a.size(), "a");
  for (u32 k = 0; k + 1 < n; ++k) {
    for (u32 i = k + 1; i < n; ++i) a[i * n + k] = a[i * n + k] / a[k * n + k];
    for (u32 i = k + 1; i < n; ++i)
      for (u32 j = k + 1; j < n; ++j) a[i * n + j] = a[i * n + j] - a[i * n + k] * a[k * n + j];
  }
  return {exact(in, "a", a, "L (strict lower) and U")};
}

// Breadth-first search with a queue (not the kernels' frontier sweeps): the
// level of every node reachable from the initial frontier, -1 elsewhere.
// When it ends, every reached node is visited, no node is in the frontier or
// being updated, and the last pass left `changed` at 0.
REFERENCE(bfs) {
  const auto degree = in.buf<u32>("degree");
  const auto edges = in.buf<u32>("edges");
  auto frontier = in.buf<u8>("frontier");
  auto visited = in.buf<u8>("visited");
  const size_t n = degree.size(), maxd = edges.size() / n;
  std::vector<i32> cost(n, -1);
  std::deque<size_t> queue;
  for (size_t v = 0; v < n; ++v)
    if (frontier[v]) {
      cost[v] = 0;
      queue.push_back(v);
    }
  while (!queue.empty()) {
    const size_t v = queue.front();
    queue.pop_front();
    for (size_t e = 0; e < degree[v]; ++e) {
      const u32 w = edges[v * maxd + e];
      if (cost[w] < 0 && !visited[w]) {
        cost[w] = cost[v] + 1;
        queue.push_back(w);
      }
    }
  }
  for (size_t v = 0; v < n; ++v) {
    if (cost[v] >= 0) visited[v] = 1;
    frontier[v] = 0;
  }
  return {exact(in, "cost", cost, "BFS levels"), exact(in, "visited", visited, "reached nodes"),
          exact(in, "frontier", frontier, "empty frontier"),
          exact(in, "updating", std::vector<u8>(n, 0), "nothing being updated"),
          exact(in, "changed", std::vector<u32>{0}, "the last pass changed nothing")};
}

// Jacobi sweeps of a square grid ping-ponging between `a` and `b`: interior
// points become 0.25 * ((left + right) + (up + down)), boundary points stay.
// The job's dispatches of kernel "jacobi" give the number of sweeps (even:
// the result is back in `a`).
REFERENCE(jacobi) {
  auto a = in.buf<float>("a");
  const u32 w = squareSide(a.size(), "a"), h = w;
  const uint64_t sweeps = in.dispatches("jacobi");
  if (sweeps % 2) throw std::runtime_error("reference: an odd number of sweeps ends in b");
  std::vector<float> b(a.size());
  for (uint64_t s = 0; s < sweeps; ++s) {
    const std::vector<float>& src = s % 2 ? b : a;
    std::vector<float>& dst = s % 2 ? a : b;
    for (u32 y = 0; y < h; ++y)
      for (u32 x = 0; x < w; ++x) {
        const u32 i = y * w + x;
        dst[i] = (x == 0 || y == 0 || x == w - 1 || y == h - 1)
                     ? src[i]
                     : 0.25f * ((src[i - 1] + src[i + 1]) + (src[i - w] + src[i + w]));
      }
  }
  return {exact(in, "a", a, "grid after the sweeps")};
}

}  // namespace gcnsim::conformance
