// Reading files a user names (jobs, code objects, buffer files, configs): only
// regular files, never more than a size limit, every failure one line.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace gcnsim::frontend {

// The size of `path` after checking that it is a regular file (directories,
// FIFOs, devices and sockets are refused) of at most `maxBytes`. Throws
// InputError "PATH: problem".
uint64_t inputFileSize(const std::filesystem::path& path, uint64_t maxBytes);

// The whole contents of `path`, with the checks of inputFileSize; reading
// stops at `maxBytes` + 1 even if the file grows or reports a wrong size
// (/proc). Read errors (EIO) become InputError "PATH: read error: ...".
std::vector<uint8_t> readInputFile(const std::filesystem::path& path, uint64_t maxBytes);
std::string readInputText(const std::filesystem::path& path, uint64_t maxBytes);

// A private (copy-on-write) mapping of a whole regular file: the host reads a
// page when it is first touched, and writes stay in this process. The file
// must not shrink while it is mapped (touching a page past its end would
// stop the process with SIGBUS).
class MappedFile {
 public:
  MappedFile(void* data, uint64_t size) : data_(static_cast<uint8_t*>(data)), size_(size) {}
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::span<uint8_t> bytes() const { return {data_, static_cast<size_t>(size_)}; }

 private:
  uint8_t* data_;
  uint64_t size_;
};

// Maps `path`, which must (still) be a regular file of `expectedBytes` > 0
// bytes. Throws InputError "PATH: problem" otherwise.
std::shared_ptr<MappedFile> mapInputFile(const std::filesystem::path& path, uint64_t expectedBytes);

}  // namespace gcnsim::frontend
