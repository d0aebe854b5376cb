#include "frontend/common/json_input.hpp"

#include <string>
#include <type_traits>
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

// Builds the document from nlohmann's SAX events, as Json::parse does, but refuses a key that appears
// twice in one object (Json::parse kept the last value silently) -- or, with keepDuplicates, keeps
// it as Json::parse does: the first one's place, the last one's value -- and appends the members of
// an ordered_json object in constant time (ordered_map's insert searches the object first, which
// made a job with 40,000 buffers take seconds to parse, a 100,000-key result document minutes).
// Each open object keeps a hash table of its keys. Neither the parse nor the value's destruction
// recurses. An ordered_json's arrays that `sink` takes go to it element by element instead.
template <class Json>
class DomBuilder final : public nlohmann::json_sax<Json> {
 public:
  using Base = nlohmann::json_sax<Json>;
  using typename Base::binary_t;
  using typename Base::number_float_t;
  using typename Base::number_integer_t;
  using typename Base::number_unsigned_t;
  using typename Base::string_t;
  static constexpr bool kOrdered = std::is_same_v<Json, nlohmann::ordered_json>;

  Json root;
  std::string error;      // why the parse stopped: nlohmann's message, without its "[json.exception...]"
  std::string duplicate;  // or the field of a key given twice ("buffers.a")
  bool keepDuplicates = false;
  JsonArraySink* sink = nullptr;  // (ordered_json only)

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
    Level& l = levels_.back();
    const auto [it, fresh] = l.keys.try_emplace(k, l.value->size());
    if (!fresh && !keepDuplicates) {
      duplicate = l.field.empty() ? k : l.field + "." + k;
      return false;
    }
    again_ = fresh ? kFresh : it->second;
    key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    error = strip(e.what());
    return false;
  }

 private:
  struct Level {
    Json* value;        // the open object or array (a taken array: its place in the document)
    std::string field;  // for messages: "buffers.a", "steps[2]"
    std::unordered_map<std::string, size_t> keys;  // an object's keys so far -> their member index
    bool keyed = false;                            // an object that is the root or a member of a keyed object
    std::string key;                               // a keyed object's key in the object above it
    bool taken = false;                            // an array whose elements go to the sink
    size_t elements = 0;                           // a taken array's elements so far
  };
  static constexpr size_t kFresh = ~size_t{0};

  bool inTakenArray() const { return !levels_.empty() && levels_.back().taken; }

  // Places `v` in the open container (or as the root) and returns it. An object or array element
  // of a taken array waits in element_ until it closes.
  Json* place(Json&& v) {
    if (levels_.empty()) {
      root = std::move(v);
      return &root;
    }
    if (inTakenArray()) return &(element_ = std::move(v));
    Json& parent = *levels_.back().value;
    if (parent.is_array()) {
      parent.push_back(std::move(v));
      return &parent.back();
    }
    auto& members = parent.template get_ref<typename Json::object_t&>();
    if constexpr (kOrdered) {
      auto& vec = static_cast<typename Json::object_t::Container&>(members);
      if (again_ != kFresh) return &(vec[again_].second = std::move(v));  // a duplicate kept
      if (vec.size() == vec.capacity()) grow(vec);
      vec.emplace_back(std::move(key_), std::move(v));
      return &vec.back().second;
    } else {
      return &(members[std::move(key_)] = std::move(v));
    }
  }
  // A vector of pair<const string, Json> that grows by itself copies its members, values and all (the
  // pair's move, which copies the const key, may throw): an object holding a large array copied it
  // each time the object grew. Here the keys are copied and the values moved.
  template <class Members>
  static void grow(Members& vec) {
    Members grown;
    grown.reserve(vec.capacity() ? 2 * vec.capacity() : 4);
    for (auto& m : vec) grown.emplace_back(m.first, std::move(m.second));
    vec.swap(grown);
  }
  bool put(Json&& v) {
    if (inTakenArray())
      give(std::move(v));
    else
      place(std::move(v));
    return true;
  }
  void give(Json&& v) {
    if constexpr (kOrdered) sink->element(std::move(v));
    ++levels_.back().elements;
  }
  // Whether the sink takes the array that opens now as member key_ of the innermost (keyed) object.
  bool offer() {
    if constexpr (kOrdered) {
      if (!sink || levels_.empty() || !levels_.back().keyed) return false;
      std::vector<std::string_view> path;
      for (size_t i = 1; i < levels_.size(); ++i) path.push_back(levels_[i].key);
      path.push_back(key_);
      return sink->takeArray(path, *levels_.back().value);
    }
    return false;
  }
  bool open(Json&& v) {
    std::string field;
    bool keyed = levels_.empty(), taken = false;
    std::string key;
    if (!levels_.empty()) {
      const Level& l = levels_.back();
      const bool inArray = l.taken || l.value->is_array();
      field = inArray ? l.field + "[" + std::to_string(l.taken ? l.elements : l.value->size()) + "]"
                      : (l.field.empty() ? key_ : l.field + "." + key_);
      if (!inArray && v.is_object() && l.keyed) {
        keyed = true;
        key = key_;
      }
      taken = !inArray && v.is_array() && offer();
    }
    if (taken) v = Json();  // (the sink's endArray replaces it)
    Json* placed = place(std::move(v));
    levels_.push_back({placed, std::move(field), {}, keyed && placed->is_object(), std::move(key), taken, 0});
    return true;
  }
  bool close() {
    if constexpr (kOrdered)
      if (levels_.back().taken) *levels_.back().value = sink->endArray();
    levels_.pop_back();
    if (inTakenArray()) give(std::move(element_));  // an object or array element closed
    return true;
  }

  std::vector<Level> levels_;
  string_t key_;
  size_t again_ = kFresh;  // the member index of key_ when it was seen before in its object
  Json element_;           // an object or array element of a taken array, while it is open
};

template <class Json>
Json parseText(const std::string& text, const std::string& what, JsonArraySink* sink = nullptr) {
  if (const std::string where = findDeepNesting(text, kMaxJsonDepth); !where.empty())
    throw InputError(what + ": invalid JSON: nested deeper than " + std::to_string(kMaxJsonDepth) +
                     " arrays and objects at " + where);
  DomBuilder<Json> builder;
  builder.sink = sink;
  try {
    if (Json::sax_parse(text, &builder)) return std::move(builder.root);
  } catch (const nlohmann::json::exception& e) {  // (reported through parse_error; in case)
    throw InputError(what + ": invalid JSON: " + strip(e.what()));
  }
  if (!builder.duplicate.empty())
    throw InputError(what + ": " + builder.duplicate +
                     ": the key appears twice in its object (a key may be given once)");
  throw InputError(what + ": invalid JSON: " + builder.error);
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

std::optional<nlohmann::ordered_json> parseLargeOrderedJson(std::span<const uint8_t> text) {
  DomBuilder<nlohmann::ordered_json> b;
  b.keepDuplicates = true;
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

nlohmann::ordered_json parseOrderedJsonText(const std::string& text, const std::string& what,
                                            JsonArraySink* sink) {
  return parseText<nlohmann::ordered_json>(text, what, sink);
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
