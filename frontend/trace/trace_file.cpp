#include "frontend/trace/trace_file.hpp"

#include "frontend/common/error.hpp"
#include "frontend/common/stdout_error.hpp"

namespace gcnsim::frontend {

TraceFile::TraceFile(const std::filesystem::path& path) : path_(path.string()) {
  if (path_ == "-") {
    f_ = stdout;
  } else {
    f_ = std::fopen(path_.c_str(), "wb");
    if (!f_) throw InputError(path_ + ": cannot open the trace file for writing");
    ownsFile_ = true;
  }
  buf_.reserve(kFlushBytes + 4096);
}

TraceFile::~TraceFile() {
  try {
    close();
  } catch (...) {  // a destructor must not throw; close() reports errors when called explicitly
  }
}

void TraceFile::flush() {
  if (!f_ || buf_.empty()) return;
  if (std::fwrite(buf_.data(), 1, buf_.size(), f_) != buf_.size()) failed_ = true;
  buf_.clear();
}

void TraceFile::close() {
  if (!f_) return;
  flush();
  if (std::fflush(f_) != 0) failed_ = true;
  if (ownsFile_ && std::fclose(f_) != 0) failed_ = true;
  f_ = nullptr;
  if (failed_ && !ownsFile_) throw StdoutWriteError();  // --trace -
  if (failed_) throw InputError(path_ + ": cannot write the trace file");
}

}  // namespace gcnsim::frontend
