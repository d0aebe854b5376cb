#include "frontend/result.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "frontend/error.hpp"
#include "frontend/job_json.hpp"

namespace gcnsim::frontend {
namespace {

std::string quote(const std::string& s) { return nlohmann::json(s).dump(); }

// One element as JSON text: integers exactly, floats as the shortest text that
// reads back to the same value (always with '.', 'e' so readers see a float;
// -0 stays "-0.0"), NaN and infinities as the strings "nan", "inf", "-inf".
std::string elementText(uint64_t bits, ElemType t) {
  if (!isFloatType(t)) return int128ToString(intBitsToValue(bits, t));
  std::string s = shortestFloatText(bits, t);
  if (s == "nan" || s == "inf" || s == "-inf") return "\"" + s + "\"";
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string dims(const std::array<uint32_t, 3>& d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

}  // namespace

std::string resultJsonText(const ResultDoc& doc) {
  std::ostringstream os;
  os << "{\n";
  os << "  \"kernel\": " << quote(doc.kernel) << ",\n";
  os << "  \"arch\": " << quote(doc.arch) << ",\n";
  os << "  \"mode\": " << quote(doc.mode) << ",\n";
  os << "  \"grid\": " << dims(doc.grid) << ",\n";
  os << "  \"workgroup\": " << dims(doc.workgroup) << ",\n";
  os << "  \"stats\": {\"waves\": " << doc.stats.waves << ", \"instructions\": " << doc.stats.instructions
     << ", \"cycles\": " << doc.stats.cycles;
  for (const auto& [name, value] : doc.stats.extra) os << ", " << quote(name) << ": " << value;
  for (const auto& [name, text] : doc.statsJson) os << ", " << quote(name) << ": " << text;
  os << "},\n";
  for (const auto& [name, text] : doc.sections) os << "  " << quote(name) << ": " << text << ",\n";
  os << "  \"buffers\": {";
  for (size_t b = 0; b < doc.buffers.size(); ++b) {
    const ResultBuffer& buf = doc.buffers[b];
    const size_t n = buf.bytes.size() / elemTypeSize(buf.type);
    os << (b ? "," : "") << "\n    " << quote(buf.name) << ": {\"type\": \"" << elemTypeName(buf.type)
       << "\", \"count\": " << n << ", \"data\": [";
    for (size_t i = 0; i < n; ++i)
      os << (i ? ", " : "") << elementText(loadElementBits(buf.bytes, i, buf.type), buf.type);
    os << "]}";
  }
  os << (doc.buffers.empty() ? "}\n" : "\n  }\n");
  os << "}\n";
  return os.str();
}

void writeResultJson(const std::filesystem::path& path, const ResultDoc& doc) {
  const std::string text = resultJsonText(doc);
  if (path == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text) || !out.flush())
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
    static const char* const known[] = {"kernel", "arch", "mode", "grid", "workgroup", "stats", "buffers"};
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
