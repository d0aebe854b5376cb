#include "frontend/common/json_input.hpp"

#include <unordered_map>
#include <utility>
#include <vector>

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

// parseLargeOrderedJson's builder: each value goes to the top-level value,
// the end of the innermost open array, or the innermost open object's slot
// for its last key. A pointer to an open container's element stays valid
// because the container grows only after that element is closed.
class OrderedBuilder : public nlohmann::json_sax<nlohmann::ordered_json> {
 public:
  using Json = nlohmann::ordered_json;
  Json root;

  bool null() override { return put(Json(nullptr)); }
  bool boolean(bool v) override { return put(Json(v)); }
  bool number_integer(number_integer_t v) override { return put(Json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return put(Json(v)); }
  bool number_float(number_float_t v, const string_t&) override { return put(Json(v)); }
  bool string(string_t& v) override { return put(Json(std::move(v))); }
  bool binary(binary_t& v) override { return put(Json::binary(std::move(v))); }
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    Open& o = open_.back();
    // The object's storage as the vector it is: ordered_map's own emplace and
    // operator[] search the keys linearly.
    auto& entries = static_cast<Json::object_t::Container&>(o.value->get_ref<Json::object_t&>());
    const auto [it, fresh] = o.keys.try_emplace(k, entries.size());
    if (fresh)
      entries.emplace_back(std::move(k), nullptr);
    else
      entries[it->second].second = nullptr;  // a duplicate: its value again
    o.slot = &entries[it->second].second;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  struct Open {
    Json* value;
    std::unordered_map<std::string, size_t> keys;  // objects: key -> index
    Json* slot = nullptr;                          // objects: where the last key's value goes
  };
  std::vector<Open> open_;

  Json* place(Json&& v) {
    if (open_.empty()) return &(root = std::move(v));
    Open& o = open_.back();
    if (!o.value->is_array()) return &(*o.slot = std::move(v));
    auto& a = o.value->get_ref<Json::array_t&>();
    a.push_back(std::move(v));
    return &a.back();
  }
  bool put(Json&& v) {
    place(std::move(v));
    return true;
  }
  bool open(Json&& v) {
    open_.push_back({place(std::move(v)), {}, nullptr});
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
};

}  // namespace

std::optional<nlohmann::ordered_json> parseLargeOrderedJson(std::span<const uint8_t> text) {
  OrderedBuilder b;
  try {
    if (!nlohmann::ordered_json::sax_parse(text.begin(), text.end(), &b)) return std::nullopt;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
  return std::move(b.root);
}

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
