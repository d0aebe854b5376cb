// `gcnsim diff A.json B.json`: two result documents side by side (README
// "Comparing runs"): cycles, every statistic (absolute and %), stall cycles
// by reason, and per-PC stall deltas when both hold an annotated listing.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gcnsim::frontend {

// A result document read from `path`; InputError if it is not JSON or has no "stats" object.
nlohmann::ordered_json loadResultDocument(const std::string& path);

// The comparison as text. `a`/`b` are result documents (objects with a
// "stats" object, keys in document order); aName/bName label them.
// changedOnly: leave out rows whose values are equal.
std::string diffResults(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b,
                        const std::string& aName, const std::string& bName, bool changedOnly);

int diffCommand(const std::vector<std::string>& args);

}  // namespace gcnsim::frontend
