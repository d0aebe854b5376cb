// Parsing JSON a user hands gcnsim (jobs, GPU configs) and the msgpack
// metadata of code objects, with a nesting limit (limits.hpp kMaxJsonDepth) so
// that no input can exhaust the stack, and every error as one InputError line.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gcnsim::frontend {

// Throws InputError "WHAT: invalid JSON: ..." for bad syntax, nesting deeper
// than kMaxJsonDepth, or a number out of the range of a double (1e400).
nlohmann::json parseJsonText(const std::string& text, const std::string& what);

// Takes the elements of chosen arrays while a document is parsed, so that the
// document need not hold a JSON value per element (a job's large "data"
// arrays become typed bytes: frontend/job/buffer_data.hpp).
class JsonArraySink {
 public:
  virtual ~JsonArraySink() = default;
  // An array opens as member `path.back()` of nested objects (`path`: the keys
  // from the root object down; arrays inside arrays are never offered);
  // `object` holds the members before it. True: the sink takes its elements.
  virtual bool takeArray(std::span<const std::string_view> path, const nlohmann::ordered_json& object) = 0;
  // Each element of the taken array in order; an object or array element
  // whole, once it has closed (checked for duplicate keys as anywhere else).
  virtual void element(nlohmann::ordered_json&& v) = 0;
  // The taken array closed: the value the document holds in its place.
  virtual nlohmann::ordered_json endArray() = 0;
};

// The same as an ordered_json (the key order of the text); the arrays `sink`
// takes are not in it (see JsonArraySink).
nlohmann::ordered_json parseOrderedJsonText(const std::string& text, const std::string& what,
                                            JsonArraySink* sink = nullptr);

// Large JSON text (a result document) as an ordered_json, or nullopt if it is
// not JSON. nlohmann's own parse inserts each key of an object after a linear
// search of the keys before it: quadratic, minutes for 100,000 statistics.
// Here a key is found in a hash table. Duplicate keys as nlohmann's parse
// keeps them: the first one's place, the last one's value. No nesting limit
// (neither the parse nor the value's destruction recurses).
std::optional<nlohmann::ordered_json> parseLargeOrderedJson(std::span<const uint8_t> text);

// Throws InputError "WHAT: not valid msgpack (...)" likewise.
nlohmann::json parseMsgpack(std::span<const uint8_t> bytes, const std::string& what);

// The first place where JSON text nests deeper than `maxDepth` arrays and
// objects, as "line L, column C", or "" if it does not.
std::string findDeepNesting(const std::string& text, unsigned maxDepth);

// `v` as JSON text for a message: invalid UTF-8 replaced (no exception),
// at most `max` characters (then "...").
template <class Json>
std::string shortDump(const Json& v, size_t max = 80) {
  std::string s = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (s.size() > max) s = s.substr(0, max) + "...";
  return s;
}

}  // namespace gcnsim::frontend
