// Trace writers: sinks that format the timing model's events
// (sim/trace/trace_sink.hpp) into a file as the simulation runs.
//   text   one aligned, greppable line per event       (trace_text.cpp)
//   jsonl  one JSON object per line, keys in README     (trace_jsonl.cpp)
//   chrome Trace Event Format for Perfetto / chrome://tracing, 1 cycle = 1 us (trace_chrome.cpp)
// Filtering (waves, cycles, CU) happens before the writer (trace_filter.hpp).
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "isa/gen.hpp"
#include "sim/trace/trace_sink.hpp"

namespace gcnsim::frontend {

// What writers need to know about the run besides the events.
struct TraceContext {
  isa::Gen gen = isa::Gen::GCN14;
  uint64_t entryPc = 0;  // PCs are printed as byte offsets from here (and absolute)
  std::string kernel, arch, config;
  uint32_t slotsPerSimd = 10;
  std::string version;     // gcnsim's version, for the header
  std::string configJson;  // the config's name, source, overrides and values (JSON object), or ""
};

// The disassembly of each PC, formatted once (memory bounded by the code size).
class DisasmCache {
 public:
  explicit DisasmCache(isa::Gen gen) : gen_(gen) {}
  const std::string& text(uint64_t pc, const isa::DecodedInst* inst) { return get(pc, inst).text; }
  const std::string& json(uint64_t pc, const isa::DecodedInst* inst) { return get(pc, inst).json; }

 private:
  struct Entry {
    std::string text, json;  // json: a quoted JSON string
  };
  const Entry& get(uint64_t pc, const isa::DecodedInst* inst);
  isa::Gen gen_;
  std::unordered_map<uint64_t, Entry> map_;
};

// A trace sink that writes to a file; close() ends the document and reports write errors.
class TraceWriter : public sim::trace::TraceSink {
 public:
  virtual void close() = 0;
};

// format: "text", "jsonl" or "chrome"; InputError for another name or an unwritable file.
std::unique_ptr<TraceWriter> makeTraceWriter(const std::string& format, const std::filesystem::path& path,
                                             const TraceContext& ctx);

// JSON string literal (quotes included).
std::string jsonString(std::string_view s);

}  // namespace gcnsim::frontend
