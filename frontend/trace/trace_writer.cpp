#include "frontend/trace/trace_writer.hpp"

#include "frontend/common/error.hpp"
#include "isa/disasm.hpp"

namespace gcnsim::frontend {

std::unique_ptr<TraceWriter> makeTextTraceWriter(const std::filesystem::path& path, const TraceContext& ctx);
std::unique_ptr<TraceWriter> makeJsonlTraceWriter(const std::filesystem::path& path, const TraceContext& ctx);
std::unique_ptr<TraceWriter> makeChromeTraceWriter(const std::filesystem::path& path,
                                                   const TraceContext& ctx);

const DisasmCache::Entry& DisasmCache::get(uint64_t pc, const isa::DecodedInst* inst) {
  auto it = map_.find(pc);
  if (it != map_.end()) return it->second;
  Entry e;
  e.text = inst ? isa::disassemble(gen_, *inst) : std::string("?");
  e.json = jsonString(e.text);
  return map_.emplace(pc, std::move(e)).first->second;
}

std::unique_ptr<TraceWriter> makeTraceWriter(const std::string& format, const std::filesystem::path& path,
                                             const TraceContext& ctx) {
  if (format == "text") return makeTextTraceWriter(path, ctx);
  if (format == "jsonl") return makeJsonlTraceWriter(path, ctx);
  if (format == "chrome") return makeChromeTraceWriter(path, ctx);
  throw InputError("--trace-format: \"" + format +
                   "\" is not a trace format (expected text, jsonl or chrome)");
}

std::string jsonString(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static const char* const hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[(c >> 4) & 0xf];
          out += hex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

}  // namespace gcnsim::frontend
