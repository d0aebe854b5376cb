// "buffers": {NAME: {"type", "count", and one of "data", "fill", "iota", "random", "file"}}.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/job/job_parts.hpp"
#include "frontend/job/random_fill.hpp"

namespace gcnsim::frontend {
namespace {

std::vector<uint8_t> readBinary(const JobContext& ctx, const std::filesystem::path& p,
                                const std::string& field, uint64_t maxBytes) {
  try {
    return readInputFile(p, maxBytes);
  } catch (const InputError& e) {
    ctx.fail(field, e.what());
  }
}

uint64_t binarySize(const JobContext& ctx, const std::filesystem::path& p, const std::string& field,
                    uint64_t maxBytes) {
  try {
    return inputFileSize(p, maxBytes);
  } catch (const InputError& e) {
    ctx.fail(field, e.what());
  }
}

void fillIota(const JobContext& ctx, BufferSpec& b, const JobJson& v, const std::string& field) {
  ctx.requireObject(v, field);
  ctx.checkKeys(v, field, {"start", "step"});
  const JobJson zero = 0, one = 1;
  const JobJson& start = v.contains("start") ? v["start"] : zero;
  const JobJson& step = v.contains("step") ? v["step"] : one;
  const size_t n = b.count();
  if (isFloatType(b.type)) {
    const double s = ctx.requireNumber(start, field + ".start"), d = ctx.requireNumber(step, field + ".step");
    for (size_t i = 0; i < n; ++i) {
      const double x = s + static_cast<double>(i) * d;
      if (std::isfinite(x) && std::isinf(floatBitsToDouble(encodeFloat(x, b.type), b.type)))
        ctx.fail(field, "element " + std::to_string(i) + " is out of range for " +
                            std::string(elemTypeName(b.type)));
      storeElementBits(b.bytes, i, b.type, encodeFloat(x, b.type));
    }
    return;
  }
  const __int128 s = ctx.requireInt(start, field + ".start"), d = ctx.requireInt(step, field + ".step");
  for (size_t i = 0; i < n; ++i) {
    const __int128 x = s + static_cast<__int128>(i) * d;
    if (x < elemTypeMin(b.type) || x > elemTypeMax(b.type))
      ctx.fail(field, "element " + std::to_string(i) + " = " + int128ToString(x) + " is out of range for " +
                          std::string(elemTypeName(b.type)));
    storeElementBits(b.bytes, i, b.type, encodeInt(x, b.type));
  }
}

void fillRandom(const JobContext& ctx, BufferSpec& b, const JobJson& v, const std::string& field) {
  ctx.requireObject(v, field);
  ctx.checkKeys(v, field, {"seed", "min", "max"});
  const uint64_t seed = v.contains("seed") ? ctx.requireUint(v["seed"], field + ".seed", 0, ~uint64_t{0}) : 0;
  SplitMix64 rng(seed);
  if (isFloatType(b.type)) {
    const double lo = v.contains("min") ? ctx.requireNumber(v["min"], field + ".min") : 0.0;
    const double hi = v.contains("max") ? ctx.requireNumber(v["max"], field + ".max") : 1.0;
    if (const std::string problem = randomFloatRangeProblem(b.type, lo, hi); !problem.empty())
      ctx.fail(field, problem);
    fillRandomFloats(b.bytes, b.type, rng, lo, hi);
    return;
  }
  const __int128 lo = v.contains("min") ? ctx.requireInt(v["min"], field + ".min") : elemTypeMin(b.type);
  const __int128 hi = v.contains("max") ? ctx.requireInt(v["max"], field + ".max") : elemTypeMax(b.type);
  for (auto [x, key] : {std::pair{lo, "min"}, std::pair{hi, "max"}})
    if (x < elemTypeMin(b.type) || x > elemTypeMax(b.type))
      ctx.fail(field + "." + key,
               int128ToString(x) + " is out of range for " + std::string(elemTypeName(b.type)));
  if (lo > hi) ctx.fail(field, "min is larger than max");
  fillRandomInts(b.bytes, b.type, rng, lo, hi);
}

// What a buffer entry describes, checked (everything but the values).
struct BufferShape {
  std::string field, typeName;
  ElemType type = ElemType::U8;
  unsigned esize = 1;
  const char* source = nullptr;  // "data", "fill", "iota", "random", "file" or none
  std::filesystem::path file;    // "file": resolved path
  uint64_t fileSize = 0;         // "file": bytes
  uint64_t count = 0;            // elements
};

BufferShape shapeOf(const JobContext& ctx, const std::string& name, const JobJson& v,
                    const std::filesystem::path& dir, const Limits& limits, const BufferData* data,
                    std::vector<uint8_t>* fileBytes) {
  BufferShape s;
  s.field = "buffers." + name;
  const std::string& field = s.field;
  if (const std::string problem = bufferNameProblem(name); !problem.empty()) ctx.fail("buffers", problem);
  ctx.requireObject(v, field);
  ctx.checkKeys(v, field, {"type", "count", "data", "fill", "iota", "random", "file"});
  s.typeName = ctx.requireString(ctx.requireKey(v, "type", field), field + ".type");
  const auto type = parseElemType(s.typeName);
  if (!type)
    ctx.fail(field + ".type",
             "unknown type " + JobContext::quoted(s.typeName) + " (expected one of " + elemTypeList() + ")");
  s.type = *type;
  s.esize = elemTypeSize(s.type);
  const unsigned esize = s.esize;

  const char*& source = s.source;
  for (const char* k : {"data", "fill", "iota", "random", "file"})
    if (v.contains(k)) {
      if (source) ctx.fail(field, std::string("\"") + source + "\" and \"" + k + "\" cannot be combined");
      source = k;
    }

  // The element count: "count", else the data length or the file size.
  std::optional<uint64_t> count;
  if (v.contains("count")) count = ctx.requireUint(v["count"], field + ".count", 0, ~uint64_t{0});
  uint64_t sourceCount = 0;
  if (source && std::string(source) == "data") {
    sourceCount = data ? data->count : ctx.requireArray(v["data"], field + ".data").size();
  } else if (source && std::string(source) == "file") {
    s.file = dir / ctx.requireString(v["file"], field + ".file");
    // Files are mapped when the job runs; only one whose size the system
    // does not know (a /proc file reports 0 bytes) is read now.
    uint64_t size = binarySize(ctx, s.file, field + ".file", limits.maxFileBytes);
    if (size == 0 && fileBytes) {
      *fileBytes = readBinary(ctx, s.file, field + ".file", limits.maxFileBytes);
      size = fileBytes->size();
    }
    s.fileSize = size;
    if (size % esize)
      ctx.fail(field + ".file", s.file.string() + " has " + std::to_string(size) +
                                    " bytes, not a multiple of the " + std::to_string(esize) + "-byte " +
                                    s.typeName);
    if (size == 0 && !count)
      ctx.fail(field + ".file", s.file.string() + " is empty; give \"count\" for a buffer of zeros");
    sourceCount = size / esize;
  } else if (!count) {
    ctx.fail(field,
             source
                 ? std::string("\"") + source + "\" needs \"count\""
                 : "needs \"count\" (with optional \"fill\", \"iota\" or \"random\"), \"data\" or \"file\"");
  }
  if (count && *count < sourceCount)
    ctx.fail(field + ".count", "count " + std::to_string(*count) + " is less than the " +
                                   std::to_string(sourceCount) + " elements of \"" + source + "\"");
  s.count = count.value_or(sourceCount);
  return s;
}

void checkFits(const JobContext& ctx, const BufferShape& s, const Limits& limits, uint64_t usedBytes) {
  const uint64_t maxBytes = limits.maxBufferBytes, n = s.count;
  if (usedBytes > maxBytes || n > (maxBytes - usedBytes) / s.esize)
    ctx.fail(s.field,
             std::to_string(n) + " elements of " + s.typeName + " (" +
                 (n > ~uint64_t{0} / s.esize ? std::string("over 2^64") : std::to_string(n * s.esize)) +
                 " bytes) exceed the buffer memory limit of " + std::to_string(maxBytes) + " bytes" +
                 (usedBytes ? " (" + std::to_string(usedBytes) + " already used by earlier buffers)" : "") +
                 " (--max-buffer-bytes)");
}

}  // namespace

uint64_t bufferBytes(const JobContext& ctx, const std::string& name, const JobJson& v,
                     const std::filesystem::path& dir, const Limits& limits, const BufferData* data) {
  const BufferShape s = shapeOf(ctx, name, v, dir, limits, data, nullptr);
  checkFits(ctx, s, limits, 0);
  return s.count * s.esize;
}

BufferSpec parseBuffer(const JobContext& ctx, const std::string& name, const JobJson& v,
                       const std::filesystem::path& dir, const Limits& limits, uint64_t usedBytes,
                       BufferData* data) {
  std::vector<uint8_t> fileBytes;
  const BufferShape shape = shapeOf(ctx, name, v, dir, limits, data, &fileBytes);
  checkFits(ctx, shape, limits, usedBytes);
  const std::string& field = shape.field;
  const char* source = shape.source;
  const uint64_t n = shape.count;
  const unsigned esize = shape.esize;
  BufferSpec b;
  b.name = name;
  b.type = shape.type;
  b.size = n * esize;

  // Contents are held once: a file is mapped when the job runs (the rest of
  // "count" stays zero), generated values are in one vector, zeros nowhere.
  if (!source) return b;
  const std::string what = source;
  if (what == "file") {
    if (fileBytes.empty()) {
      b.file = shape.file;
      b.fileSize = shape.fileSize;
    }
    b.bytes = std::move(fileBytes);
    return b;
  }
  if (what == "fill") {
    const uint64_t bits = ctx.elementBits(v["fill"], b.type, field + ".fill");
    if (bits == 0) return b;
    b.bytes.assign(b.size, 0);
    for (size_t i = 0; i < n; ++i) storeElementBits(b.bytes, i, b.type, bits);
    return b;
  }
  const auto elementField = [&](uint64_t i) { return field + ".data[" + std::to_string(i) + "]"; };
  if (what == "data" && data) {
    if (data->firstBad)
      ctx.elementBits(*data->firstBad, b.type, elementField(data->firstBadIndex));  // throws
    b.bytes = std::move(data->bytes);
    b.bytes.resize(b.size, 0);  // the rest of "count"
    b.bytes.shrink_to_fit();
    return b;
  }
  b.bytes.assign(b.size, 0);
  if (what == "data") {
    const JobJson& array = v["data"];
    for (size_t i = 0; i < array.size(); ++i)
      storeElementBits(b.bytes, i, b.type, ctx.elementBits(array[i], b.type, elementField(i)));
  } else if (what == "iota") {
    fillIota(ctx, b, v["iota"], field + ".iota");
  } else {
    fillRandom(ctx, b, v["random"], field + ".random");
  }
  return b;
}

std::string bufferNameProblem(std::string_view name) {
  const auto allowed = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  };
  if (!name.empty() && name.size() <= 64 && name[0] != '.' && std::all_of(name.begin(), name.end(), allowed))
    return {};
  return "buffer name " + JobContext::quoted(name) +
         " must be 1-64 letters, digits, '_', '-' or '.' and not start with '.'";
}

}  // namespace gcnsim::frontend
