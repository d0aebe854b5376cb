#include "frontend/report/result.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "frontend/common/error.hpp"
#include "frontend/job/job_json.hpp"

namespace gcnsim::frontend {
namespace {

std::string quote(const std::string& s) { return nlohmann::json(s).dump(); }

// One element as JSON text at `out` (room for kMaxElementChars); returns
// its end. Integers exactly; floats as the shortest text that reads back to
// the same value (always with '.', 'e' so readers see a float; -0 stays
// "-0.0"), NaN and infinities as the strings "nan", "inf", "-inf". No
// allocation, and the element type is resolved once per buffer
// (elementWriter): an 8 M-element buffer is written in under a second
// (README "Result document").
constexpr size_t kMaxElementChars = kShortestFloatChars + 4;

// An element's bytes as T (the element type's own width).
template <class T>
T elementAs(const uint8_t* element) {
  T v;
  std::memcpy(&v, element, sizeof v);
  return v;
}

template <class T>
char* writeInteger(char* out, const uint8_t* element) {
  return std::to_chars(out, out + kMaxElementChars, elementAs<T>(element)).ptr;
}

char* writeFloat(char* out, uint64_t bits, ElemType t) {
  if (!std::isfinite(floatBitsToDouble(bits, t))) {
    *out++ = '"';
    out = shortestFloatChars(out, bits, t);
    *out++ = '"';
    return out;
  }
  char* const start = out;
  out = shortestFloatChars(out, bits, t);
  bool marked = false;  // a '.' or an exponent
  for (const char* c = start; c < out; ++c) marked |= *c == '.' || *c == 'e';
  if (!marked) *out++ = '.', *out++ = '0';
  return out;
}

// The function that writes one element of type t, from its bytes.
using ElementWriter = char* (*)(char* out, const uint8_t* element);
// Bits: the float type's raw bits (uint16_t, uint32_t, uint64_t).
template <class Bits, ElemType kType>
char* writeFloatElement(char* out, const uint8_t* element) {
  return writeFloat(out, elementAs<Bits>(element), kType);
}
ElementWriter elementWriter(ElemType t) {
  switch (t) {
    case ElemType::U8: return writeInteger<uint8_t>;
    case ElemType::I8: return writeInteger<int8_t>;
    case ElemType::U16: return writeInteger<uint16_t>;
    case ElemType::I16: return writeInteger<int16_t>;
    case ElemType::U32: return writeInteger<uint32_t>;
    case ElemType::I32: return writeInteger<int32_t>;
    case ElemType::U64: return writeInteger<uint64_t>;
    case ElemType::I64: return writeInteger<int64_t>;
    case ElemType::F16: return writeFloatElement<uint16_t, ElemType::F16>;
    case ElemType::F32: return writeFloatElement<uint32_t, ElemType::F32>;
    case ElemType::F64: return writeFloatElement<uint64_t, ElemType::F64>;
  }
  return writeInteger<uint8_t>;  // (not reached: every type is listed)
}

std::string dims(const std::array<uint32_t, 3>& d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

}  // namespace

namespace {

// The document as JSON text, handed to `sink` in pieces of about 1 MiB, so a
// large result is written as it is formatted, never held whole.
template <class Sink>
void emitResultJson(const ResultDoc& doc, Sink&& sink) {
  constexpr size_t kChunk = size_t{1} << 20;
  std::ostringstream os;
  os << "{\n";
  if (!doc.version.empty()) os << "  \"gcnsim_version\": " << quote(doc.version) << ",\n";
  os << "  \"status\": " << quote(doc.status) << ",\n";
  if (!doc.message.empty()) os << "  \"message\": " << quote(doc.message) << ",\n";
  os << "  \"kernel\": " << quote(doc.kernel) << ",\n";
  os << "  \"arch\": " << quote(doc.arch) << ",\n";
  os << "  \"mode\": " << quote(doc.mode) << ",\n";
  if (!doc.configJson.empty()) os << "  \"config\": " << doc.configJson << ",\n";
  os << "  \"grid\": " << dims(doc.grid) << ",\n";
  os << "  \"workgroup\": " << dims(doc.workgroup) << ",\n";
  os << "  \"stats\": {\"waves\": " << doc.stats.waves << ", \"instructions\": " << doc.stats.instructions
     << ", \"cycles\": " << doc.stats.cycles;
  for (const auto& [name, value] : doc.stats.extra) os << ", " << quote(name) << ": " << value;
  for (const auto& [name, text] : doc.statsJson) os << ", " << quote(name) << ": " << text;
  os << "},\n";
  for (const auto& [name, text] : doc.sections) os << "  " << quote(name) << ": " << text << ",\n";
  os << "  \"buffers\": {";
  std::string text = os.str();
  for (size_t b = 0; b < doc.buffers.size(); ++b) {
    const ResultBuffer& buf = doc.buffers[b];
    const size_t n = buf.bytes.size() / elemTypeSize(buf.type);
    text += (b ? ",\n    " : "\n    ") + quote(buf.name) + ": {\"type\": \"" +
            std::string(elemTypeName(buf.type)) + "\", \"count\": " + std::to_string(n) + ", \"data\": [";
    // The elements written straight into the chunk's characters (after what
    // it holds: the sections before the buffers may be larger than a chunk).
    size_t used = text.size();
    text.resize(std::max(used, kChunk) + kMaxElementChars + 2);
    const ElementWriter write = elementWriter(buf.type);
    const unsigned size = elemTypeSize(buf.type);
    for (size_t i = 0; i < n; ++i) {
      char* p = text.data() + used;
      if (i) *p++ = ',', *p++ = ' ';
      used = size_t(write(p, buf.bytes.data() + i * size) - text.data());
      if (used >= kChunk) {
        sink(std::string_view(text.data(), used));
        used = 0;
      }
    }
    text.resize(used);
    text += "]}";
  }
  text += doc.buffers.empty() ? "}\n" : "\n  }\n";
  text += "}\n";
  sink(std::string_view(text));
}

}  // namespace

std::string resultJsonText(const ResultDoc& doc) {
  std::string text;
  emitResultJson(doc, [&](std::string_view piece) { text += piece; });
  return text;
}

void writeResultJson(const std::filesystem::path& path, const ResultDoc& doc) {
  if (path == "-") {
    emitResultJson(
        doc, [](std::string_view piece) { std::cout.write(piece.data(), std::streamsize(piece.size())); });
    std::cout.flush();
    return;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  bool ok = f != nullptr;
  if (f)
    emitResultJson(doc, [&](std::string_view piece) {
      ok = ok && std::fwrite(piece.data(), 1, piece.size(), f) == piece.size();
    });
  if ((f && std::fclose(f) != 0) || !ok)
    throw InputError(path.string() + ": cannot write the result document");
}

void writeRawBuffers(const std::filesystem::path& dir, const std::vector<ResultBuffer>& buffers) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError(dir.string() + ": cannot create directory (" + ec.message() + ")");
  for (const auto& b : buffers) {
    const auto path = dir / (b.name + ".bin");
    std::ofstream out(path, std::ios::binary);
    if (!out ||
        !out.write(reinterpret_cast<const char*>(b.bytes.data()),
                   static_cast<std::streamsize>(b.bytes.size())) ||
        !out.flush())
      throw InputError(path.string() + ": cannot write");
  }
}

ResultDoc readResultJson(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open result document");
  JobJson doc;
  try {
    doc = JobJson::parse(std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  } catch (const JobJson::parse_error& e) {
    throw InputError(path.string() + ": invalid JSON: " + e.what());
  }
  const JobContext ctx(path.string());
  ctx.requireObject(doc, "");
  ResultDoc r;
  if (doc.contains("gcnsim_version"))
    r.version = ctx.requireString(doc.at("gcnsim_version"), "gcnsim_version");
  if (doc.contains("status")) r.status = ctx.requireString(doc.at("status"), "status");
  if (doc.contains("message")) r.message = ctx.requireString(doc.at("message"), "message");
  if (doc.contains("config")) r.configJson = doc.at("config").dump();
  r.kernel = ctx.requireString(ctx.requireKey(doc, "kernel", ""), "kernel");
  r.arch = ctx.requireString(ctx.requireKey(doc, "arch", ""), "arch");
  r.mode = ctx.requireString(ctx.requireKey(doc, "mode", ""), "mode");
  for (auto [key, dst] : {std::pair{"grid", &r.grid}, std::pair{"workgroup", &r.workgroup}}) {
    const JobJson& a = ctx.requireArray(ctx.requireKey(doc, key, ""), key);
    if (a.size() != 3) ctx.fail(key, "expected 3 entries");
    for (size_t i = 0; i < 3; ++i)
      (*dst)[i] = static_cast<uint32_t>(ctx.requireUint(a[i], key, 0, 0xffffffffu));
  }
  const JobJson& stats = ctx.requireObject(ctx.requireKey(doc, "stats", ""), "stats");
  for (auto it = stats.begin(); it != stats.end(); ++it) {
    if (!it.value().is_number_unsigned()) {
      r.statsJson.emplace_back(it.key(), it.value().dump());
      continue;
    }
    const uint64_t v = ctx.requireUint(it.value(), "stats." + it.key(), 0, ~uint64_t{0});
    if (it.key() == "waves")
      r.stats.waves = v;
    else if (it.key() == "instructions")
      r.stats.instructions = v;
    else if (it.key() == "cycles")
      r.stats.cycles = v;
    else
      r.stats.extra.emplace_back(it.key(), v);
  }
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    static const char* const known[] = {"gcnsim_version", "status", "message",   "config", "kernel", "arch",
                                        "mode",           "grid",   "workgroup", "stats",  "buffers"};
    if (std::find(std::begin(known), std::end(known), it.key()) == std::end(known))
      r.sections.emplace_back(it.key(), it.value().dump());
  }
  const JobJson& buffers = ctx.requireObject(ctx.requireKey(doc, "buffers", ""), "buffers");
  for (auto it = buffers.begin(); it != buffers.end(); ++it) {
    const std::string field = "buffers." + it.key();
    ResultBuffer b;
    b.name = it.key();
    const std::string t = ctx.requireString(ctx.requireKey(it.value(), "type", field), field + ".type");
    auto type = parseElemType(t);
    if (!type) ctx.fail(field + ".type", "unknown type " + JobContext::quoted(t));
    b.type = *type;
    const JobJson& data = ctx.requireArray(ctx.requireKey(it.value(), "data", field), field + ".data");
    b.bytes.assign(data.size() * elemTypeSize(b.type), 0);
    for (size_t i = 0; i < data.size(); ++i)
      storeElementBits(b.bytes, i, b.type,
                       ctx.elementBits(data[i], b.type, field + ".data[" + std::to_string(i) + "]"));
    r.buffers.push_back(std::move(b));
  }
  return r;
}

}  // namespace gcnsim::frontend
