// A job's inline buffer contents ("buffers": {NAME: {"type": T, "data": [...]}})
// converted to typed bytes while the job file is parsed, without a JSON value
// per element (a 2.5-million-element array had taken ~16 bytes of DOM per
// element, and copies of it, on top of the text). Internal to frontend/job/.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/common/json_input.hpp"
#include "frontend/job/job_json.hpp"

namespace gcnsim::frontend {

// One buffer's "data" array, converted.
struct BufferData {
  ElemType type = ElemType::U8;
  uint64_t count = 0;          // elements in the array
  std::vector<uint8_t> bytes;  // their bits (empty past the buffer memory limit: see BufferDataSink)
  // The first element that does not convert to `type`, and its index: parseBuffer reports it, after
  // the checks that come before the values, with the message elementBits gives it there.
  std::optional<JobJson> firstBad;
  uint64_t firstBadIndex = 0;
};

// Takes the "data" array of each buffer whose "type" comes before it in the file (the usual order);
// any other "data" array stays in the document and is converted from there, as before. The
// conversion is JobContext::elementBits, element by element, so values, ranges and messages are the
// same either way.
class BufferDataSink final : public JsonArraySink {
 public:
  // Past `maxBufferBytes` a buffer is refused by its size before its values are looked at: its
  // elements are then only counted.
  BufferDataSink(const JobContext& ctx, uint64_t maxBufferBytes) : ctx_(ctx), maxBytes_(maxBufferBytes) {}

  bool takeArray(std::span<const std::string_view> path, const JobJson& object) override;
  void element(JobJson&& v) override;
  JobJson endArray() override;

  // Buffer `name`'s converted "data", or null if the document holds its array.
  BufferData* find(const std::string& name);

 private:
  const JobContext& ctx_;
  uint64_t maxBytes_;
  std::unordered_map<std::string, BufferData> buffers_;
  BufferData* open_ = nullptr;  // the array being taken
};

}  // namespace gcnsim::frontend
