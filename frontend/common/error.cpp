#include "frontend/common/error.hpp"

#include <cstdio>

namespace gcnsim::frontend {

std::string escapeText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto hex = [&out](unsigned c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", c & 0xffu);
    out += buf;
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\0': out += "\\0"; continue;
      default: break;
    }
    if (c < 0x20 || c == 0x7f) {
      hex(c);
    } else if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9f) {  // C1 control U+0080-U+009F (NEL, CSI, ...)
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(s[++i]));
      out += buf;
    } else if (c == 0xe2 && i + 2 < s.size() && s[i + 1] == '\x80' &&
               (s[i + 2] == '\xa8' || s[i + 2] == '\xa9')) {
      out += s[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";  // line / paragraph separator
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace gcnsim::frontend
