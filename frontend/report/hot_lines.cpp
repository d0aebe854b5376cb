#include "frontend/report/hot_lines.hpp"

#include <algorithm>
#include <numeric>

namespace gcnsim::frontend {

std::vector<bool> hotLines(std::span<const uint64_t> costs) {
  std::vector<bool> hot(costs.size(), false);
  if (costs.empty()) return hot;
  const size_t budget = std::max<size_t>(1, (costs.size() + 9) / 10);  // ceil(10%)
  // Above the mean: cost * n > sum, which for integers is cost > floor(sum / n).
  const uint64_t floorMean = std::accumulate(costs.begin(), costs.end(), uint64_t{0}) / costs.size();
  std::vector<size_t> order(costs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return costs[a] > costs[b]; });
  for (size_t k = 0; k < budget; ++k)
    if (costs[order[k]] > floorMean) hot[order[k]] = true;
  return hot;
}

}  // namespace gcnsim::frontend
