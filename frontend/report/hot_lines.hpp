// Which lines of the annotated listing get the hot mark `*`.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace gcnsim::frontend {

// The rule: a line is hot if its cost is above the mean cost of all lines and
// it is among the top 10% of lines (at least one) by cost, ties going to the
// line listed first (the lower PC). So equal costs mark nothing, and a few
// expensive lines among many cheap ones are marked without the cheap ones.
// `costs` are in listing (PC) order; the result has one flag per cost.
std::vector<bool> hotLines(std::span<const uint64_t> costs);

}  // namespace gcnsim::frontend
