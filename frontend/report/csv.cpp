#include "frontend/report/csv.hpp"

namespace gcnsim::frontend {

std::string csvField(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string o = "\"";
  for (char c : s) {
    if (c == '"') o += '"';
    o += c;
  }
  return o + '"';
}

std::string csvRow(const std::vector<std::string>& fields) {
  std::string o;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) o += ',';
    o += csvField(fields[i]);
  }
  return o + '\n';
}

}  // namespace gcnsim::frontend
