// The result document of a run (README "Result document"): JSON with the
// kernel, grid, statistics and the reported buffers, plus raw NAME.bin files.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "frontend/job/elem_type.hpp"

namespace gcnsim::frontend {

struct ResultBuffer {
  std::string name;
  ElemType type = ElemType::U8;
  std::vector<uint8_t> bytes;  // final contents; count = bytes.size() / element size
};

struct ResultStats {
  uint64_t waves = 0;
  uint64_t instructions = 0;
  uint64_t cycles = 0;                                  // 0 in functional mode
  std::vector<std::pair<std::string, uint64_t>> extra;  // further counters, written in this order
};

struct ResultDoc {
  std::string version;        // gcnsim's version (frontend/cli/version.hpp); "" leaves it out
  std::string status = "ok";  // "ok", "fault", "watchdog" or "interrupted" (run_cmd.hpp statusName)
  std::string message;        // why the run stopped, for any status but "ok"
  std::string configJson;     // timing mode: the GPU config (name, source, overrides, values) as JSON
  std::string kernel;         // kernel name
  std::string arch;           // e.g. "gfx900"
  std::string mode;           // e.g. "functional", "timing"
  std::array<uint32_t, 3> grid{1, 1, 1};
  std::array<uint32_t, 3> workgroup{1, 1, 1};
  ResultStats stats;
  // Statistics that are not counters (ratios, lists): key and JSON text,
  // written in "stats" after the counters.
  std::vector<std::pair<std::string, std::string>> statsJson;
  // Further top-level sections (e.g. the stall profile's "lgkm", "vm",
  // "barrier"): key and JSON text, written between stats and buffers.
  std::vector<std::pair<std::string, std::string>> sections;
  std::vector<ResultBuffer> buffers;  // in report order
};

// The document as JSON text (2-space indent, one line per buffer's data).
std::string resultJsonText(const ResultDoc& doc);
// Writes resultJsonText to `path` ("-" for stdout). InputError if it cannot be written.
void writeResultJson(const std::filesystem::path& path, const ResultDoc& doc);
// Writes each buffer's bytes to DIR/NAME.bin (creating DIR).
void writeRawBuffers(const std::filesystem::path& dir, const std::vector<ResultBuffer>& buffers);
// Reads a result document back (for tests and comparisons); values are
// converted back to their raw bits exactly.
ResultDoc readResultJson(const std::filesystem::path& path);

}  // namespace gcnsim::frontend
