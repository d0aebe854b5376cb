// Shared helpers of the job parser: typed reads of JSON values with errors
// that name the job file and the field ("job.json: buffers.a.count: ...").
// Internal to frontend/job/job*.cpp.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "frontend/job/elem_type.hpp"

namespace gcnsim::frontend {

using JobJson = nlohmann::ordered_json;  // keeps the file's key order (buffers, setup)

class JobContext {
 public:
  explicit JobContext(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const std::string& field, const std::string& msg) const;
  // "a string", "an array", ... for messages.
  static std::string describe(const JobJson& v);

  // Fails on a key not in `allowed`, naming the allowed keys.
  void checkKeys(const JobJson& obj, const std::string& field,
                 std::initializer_list<std::string_view> allowed) const;
  const JobJson& requireKey(const JobJson& obj, std::string_view key, const std::string& field) const;
  const JobJson* optionalKey(const JobJson& obj, std::string_view key) const;
  const JobJson& requireObject(const JobJson& v, const std::string& field) const;
  const JobJson& requireArray(const JobJson& v, const std::string& field) const;
  std::string requireString(const JobJson& v, const std::string& field) const;
  bool requireBool(const JobJson& v, const std::string& field) const;
  // An integer in [min, max].
  uint64_t requireUint(const JobJson& v, const std::string& field, uint64_t min, uint64_t max) const;
  __int128 requireInt(const JobJson& v, const std::string& field) const;
  // A number, or "nan", "inf", "-inf".
  double requireNumber(const JobJson& v, const std::string& field) const;
  // A value of element type `t` as raw bits: integers must be in the type's
  // range, floats within its finite range (or nan/inf strings).
  uint64_t elementBits(const JobJson& v, ElemType t, const std::string& field) const;

  static std::string join(std::initializer_list<std::string_view> names);
  static std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

 private:
  std::string file_;
};

std::string int128ToString(__int128 v);

}  // namespace gcnsim::frontend
