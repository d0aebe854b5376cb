// Parsing JSON a user hands gcnsim (jobs, GPU configs) and the msgpack
// metadata of code objects, with a nesting limit (limits.hpp kMaxJsonDepth) so
// that no input can exhaust the stack, and every error as one InputError line.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>

namespace gcnsim::frontend {

// Throws InputError "WHAT: invalid JSON: ..." for bad syntax, nesting deeper
// than kMaxJsonDepth, or a number out of the range of a double (1e400).
nlohmann::json parseJsonText(const std::string& text, const std::string& what);
nlohmann::ordered_json parseOrderedJsonText(const std::string& text, const std::string& what);

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
