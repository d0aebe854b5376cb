// TraceFile: the buffered writer traces stream through. Memory stays bounded:
// text is appended to a buffer that is written out whenever it passes 1 MiB.
#pragma once
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace gcnsim::frontend {

class TraceFile {
 public:
  // Opens (truncates) `path`; "-" is stdout. InputError if it cannot be opened.
  explicit TraceFile(const std::filesystem::path& path);
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  // Append to buf(), then call written() to let the file flush when full.
  std::string& buf() { return buf_; }
  void written() {
    if (buf_.size() >= kFlushBytes) flush();
  }
  void write(std::string_view s) {
    buf_.append(s);
    written();
  }
  // Writes everything out and closes; InputError on a write error.
  void close();

 private:
  static constexpr size_t kFlushBytes = size_t{1} << 20;
  void flush();
  std::string path_, buf_;
  std::FILE* f_ = nullptr;
  bool ownsFile_ = false, failed_ = false;
};

}  // namespace gcnsim::frontend
