#include "frontend/common/json_input.hpp"

#include "frontend/common/error.hpp"
#include "frontend/common/limits.hpp"

namespace gcnsim::frontend {
namespace {

// nlohmann's messages start with "[json.exception.parse_error.101] ".
std::string strip(const char* what) {
  std::string msg = what;
  if (auto p = msg.find("] "); p != std::string::npos && msg.starts_with("[json.exception"))
    msg = msg.substr(p + 2);
  return msg;
}

template <class Json>
Json parseText(const std::string& text, const std::string& what) {
  if (const std::string where = findDeepNesting(text, kMaxJsonDepth); !where.empty())
    throw InputError(what + ": invalid JSON: nested deeper than " + std::to_string(kMaxJsonDepth) +
                     " arrays and objects at " + where);
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // parse_error; out_of_range 406 (number overflow)
    throw InputError(what + ": invalid JSON: " + strip(e.what()));
  }
}

// Counts the nesting of msgpack maps and arrays; stops the parse (return false)
// before the binary reader recurses past the limit.
struct DepthLimit : nlohmann::json_sax<nlohmann::json> {
  unsigned depth = 0;
  bool tooDeep = false;
  bool enter() {
    if (++depth > kMaxJsonDepth) tooDeep = true;
    return !tooDeep;
  }
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return enter(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return --depth, true; }
  bool start_array(std::size_t) override { return enter(); }
  bool end_array() override { return --depth, true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;  // the real parse below reports it
  }
};

}  // namespace

std::string findDeepNesting(const std::string& text, unsigned maxDepth) {
  unsigned depth = 0;
  size_t line = 1, lineStart = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
    }
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return "line " + std::to_string(line) + ", column " + std::to_string(i - lineStart + 1);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return {};
}

nlohmann::json parseJsonText(const std::string& text, const std::string& what) {
  return parseText<nlohmann::json>(text, what);
}

nlohmann::ordered_json parseOrderedJsonText(const std::string& text, const std::string& what) {
  return parseText<nlohmann::ordered_json>(text, what);
}

nlohmann::json parseMsgpack(std::span<const uint8_t> bytes, const std::string& what) {
  DepthLimit depth;
  try {
    nlohmann::json::sax_parse(bytes.begin(), bytes.end(), &depth, nlohmann::json::input_format_t::msgpack);
  } catch (const nlohmann::json::exception&) {
    // reported by the parse below
  }
  if (depth.tooDeep)
    throw InputError(what + ": not valid msgpack (nested deeper than " + std::to_string(kMaxJsonDepth) +
                     " maps and arrays)");
  try {
    return nlohmann::json::from_msgpack(bytes.begin(), bytes.end());
  } catch (const nlohmann::json::exception& e) {
    throw InputError(what + ": not valid msgpack (" + strip(e.what()) + ")");
  }
}

}  // namespace gcnsim::frontend
