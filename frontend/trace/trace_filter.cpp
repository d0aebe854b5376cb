#include "frontend/trace/trace_filter.hpp"

#include <charconv>

#include "frontend/common/error.hpp"

namespace gcnsim::frontend {
namespace {

template <typename T>
bool parseNumber(std::string_view s, T& v) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

}  // namespace

bool TraceFilter::waveOk(uint32_t wave) const {
  if (waves.empty()) return true;
  for (const auto& [a, b] : waves)
    if (wave >= a && wave <= b) return true;
  return false;
}

std::vector<std::pair<uint32_t, uint32_t>> parseWaveList(const std::string& text) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  std::string_view rest = text;
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const size_t dash = item.find('-');
    uint32_t a = 0, b = 0;
    const bool ok = dash == std::string_view::npos ? parseNumber(item, a) && (b = a, true)
                                                   : parseNumber(item.substr(0, dash), a) &&
                                                         parseNumber(item.substr(dash + 1), b) && a <= b;
    if (!ok)
      throw InputError("--trace-waves: \"" + std::string(item) +
                       "\" is not a wave id or range (expected a list like 0,3,8-11)");
    out.emplace_back(a, b);
  }
  if (out.empty()) throw InputError("--trace-waves: empty list (expected a list like 0,3,8-11)");
  return out;
}

std::pair<uint64_t, uint64_t> parseCycleRange(const std::string& text) {
  const size_t colon = text.find(':');
  uint64_t from = 0, to = ~uint64_t{0};
  bool ok = colon != std::string::npos;
  if (ok) {
    const std::string_view a = std::string_view(text).substr(0, colon),
                           b = std::string_view(text).substr(colon + 1);
    ok = (a.empty() || parseNumber(a, from)) && (b.empty() || parseNumber(b, to)) && from < to;
  }
  if (!ok)
    throw InputError("--trace-cycles: \"" + text +
                     "\" is not a cycle range (expected FROM:TO with FROM < TO, e.g. 0:5000)");
  return {from, to};
}

}  // namespace gcnsim::frontend
