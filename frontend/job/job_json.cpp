#include "frontend/job/job_json.hpp"

#include <cmath>

#include "frontend/common/error.hpp"
#include "frontend/common/json_input.hpp"

namespace gcnsim::frontend {

std::string int128ToString(__int128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

void JobContext::fail(const std::string& field, const std::string& msg) const {
  throw InputError(file_ + ": " + (field.empty() ? "" : field + ": ") + msg);
}

std::string JobContext::describe(const JobJson& v) {
  switch (v.type()) {
    case JobJson::value_t::null: return "null";
    case JobJson::value_t::object: return "an object";
    case JobJson::value_t::array: return "an array";
    case JobJson::value_t::string: return "a string (" + shortDump(v) + ")";
    case JobJson::value_t::boolean:
      return std::string("a boolean (") + (v.get<bool>() ? "true" : "false") + ")";
    case JobJson::value_t::number_float: return "a number (" + shortDump(v) + ")";
    case JobJson::value_t::number_integer:
    case JobJson::value_t::number_unsigned: return "an integer (" + shortDump(v) + ")";
    default: return "a " + std::string(v.type_name());
  }
}

std::string JobContext::join(std::initializer_list<std::string_view> names) {
  std::string out;
  for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

void JobContext::checkKeys(const JobJson& obj, const std::string& field,
                           std::initializer_list<std::string_view> allowed) const {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool ok = false;
    for (auto a : allowed) ok = ok || it.key() == a;
    if (!ok) fail(field, "unknown key " + quoted(it.key()) + " (allowed: " + join(allowed) + ")");
  }
}

const JobJson* JobContext::optionalKey(const JobJson& obj, std::string_view key) const {
  auto it = obj.find(std::string(key));
  return it == obj.end() ? nullptr : &*it;
}

const JobJson& JobContext::requireKey(const JobJson& obj, std::string_view key,
                                      const std::string& field) const {
  const JobJson* v = optionalKey(obj, key);
  if (!v) fail(field, "missing required key " + quoted(key));
  return *v;
}

const JobJson& JobContext::requireObject(const JobJson& v, const std::string& field) const {
  if (!v.is_object()) fail(field, "expected an object, got " + describe(v));
  return v;
}

const JobJson& JobContext::requireArray(const JobJson& v, const std::string& field) const {
  if (!v.is_array()) fail(field, "expected an array, got " + describe(v));
  return v;
}

std::string JobContext::requireString(const JobJson& v, const std::string& field) const {
  if (!v.is_string()) fail(field, "expected a string, got " + describe(v));
  return v.get<std::string>();
}

bool JobContext::requireBool(const JobJson& v, const std::string& field) const {
  if (!v.is_boolean()) fail(field, "expected true or false, got " + describe(v));
  return v.get<bool>();
}

__int128 JobContext::requireInt(const JobJson& v, const std::string& field) const {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    // Integral values written as 1e6 or 4.0 are accepted when exact.
    if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 0x1p63) return static_cast<__int128>(d);
  }
  fail(field, "expected an integer, got " + describe(v));
}

uint64_t JobContext::requireUint(const JobJson& v, const std::string& field, uint64_t min,
                                 uint64_t max) const {
  const __int128 i = requireInt(v, field);
  if (i < static_cast<__int128>(min) || i > static_cast<__int128>(max))
    fail(field,
         int128ToString(i) + " is out of range (" + std::to_string(min) + " to " + std::to_string(max) + ")");
  return static_cast<uint64_t>(i);
}

double JobContext::requireNumber(const JobJson& v, const std::string& field) const {
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "nan") return NAN;
    if (s == "inf" || s == "+inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
  }
  fail(field, "expected a number (or \"nan\", \"inf\", \"-inf\"), got " + describe(v));
}

uint64_t JobContext::elementBits(const JobJson& v, ElemType t, const std::string& field) const {
  if (isFloatType(t)) {
    const double d = requireNumber(v, field);
    const uint64_t bits = encodeFloat(d, t);
    if (std::isfinite(d) && std::isinf(floatBitsToDouble(bits, t))) {  // rounds to infinity
      char buf[160];
      std::snprintf(buf, sizeof buf, "%g is out of range for %s (largest finite value %g)", d,
                    std::string(elemTypeName(t)).c_str(), elemTypeMaxFinite(t));
      fail(field, buf);
    }
    return bits;
  }
  const __int128 i = requireInt(v, field);
  if (i < elemTypeMin(t) || i > elemTypeMax(t))
    fail(field, int128ToString(i) + " is out of range for " + std::string(elemTypeName(t)) + " (" +
                    int128ToString(elemTypeMin(t)) + " to " + int128ToString(elemTypeMax(t)) + ")");
  return encodeInt(i, t);
}

}  // namespace gcnsim::frontend
