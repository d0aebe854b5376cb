#include "frontend/job/buffer_data.hpp"

#include "frontend/common/error.hpp"

namespace gcnsim::frontend {

bool BufferDataSink::takeArray(std::span<const std::string_view> path, const JobJson& object) {
  if (path.size() != 3 || path[0] != "buffers" || path[2] != "data") return false;
  // A "type" that is not a type name is reported by parseBuffer, from the document.
  const auto type = object.find("type");
  if (type == object.end() || !type->is_string()) return false;
  const auto t = parseElemType(type->get_ref<const std::string&>());
  if (!t) return false;
  // (A buffer name appears once: the parse refuses a key given twice.)
  open_ = &buffers_[std::string(path[1])];
  open_->type = *t;
  return true;
}

void BufferDataSink::element(JobJson&& v) {
  BufferData& d = *open_;
  const uint64_t index = d.count++;
  const unsigned size = elemTypeSize(d.type);
  if (d.firstBad || index >= maxBytes_ / size) return;
  try {
    // No field: a bad element's message is made again, naming it, by parseBuffer.
    const uint64_t bits = ctx_.elementBits(v, d.type, "");
    d.bytes.resize(d.bytes.size() + size);
    storeElementBits(d.bytes, index, d.type, bits);
  } catch (const InputError&) {
    d.firstBad = std::move(v);
    d.firstBadIndex = index;
  }
}

JobJson BufferDataSink::endArray() {
  open_ = nullptr;
  // In the document's place of the array: a value no JSON text can give, so that a "data" read from
  // the document instead of find() fails loudly ("expected an array, got a binary").
  return JobJson::binary({});
}

BufferData* BufferDataSink::find(const std::string& name) {
  const auto it = buffers_.find(name);
  return it == buffers_.end() ? nullptr : &it->second;
}

}  // namespace gcnsim::frontend
