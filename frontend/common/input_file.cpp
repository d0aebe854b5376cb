#include "frontend/common/input_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "frontend/common/error.hpp"

namespace gcnsim::frontend {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& msg) {
  throw InputError(path.string() + ": " + msg);
}

const char* kindOf(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

// Refuses anything but a regular file of at most maxBytes.
void checkStat(const std::filesystem::path& path, const struct stat& st, uint64_t maxBytes) {
  if (!S_ISREG(st.st_mode)) fail(path, std::string("is ") + kindOf(st.st_mode) + ", not a regular file");
  if (static_cast<uint64_t>(st.st_size) > maxBytes)
    fail(path, std::to_string(st.st_size) + " bytes exceed the input file limit of " +
                   std::to_string(maxBytes) + " bytes (--max-file-bytes)");
}

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Opens `path` into `f` (O_NONBLOCK: opening a FIFO swapped in after a
// stat() cannot block) and checks the descriptor with checkStat; its size.
uint64_t openChecked(const std::filesystem::path& path, uint64_t maxBytes, Fd& f) {
  f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (f.fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  checkStat(path, st, maxBytes);
  return static_cast<uint64_t>(st.st_size);
}

// readInputFile and readInputText: the file read straight into the container the caller keeps (a
// job's text had been read into a vector and copied into a string: twice its size at once).
template <class Bytes>
Bytes readWhole(const std::filesystem::path& path, uint64_t maxBytes) {
  // stat() first, so a FIFO or a device is never opened; then fstat() the
  // descriptor (O_NONBLOCK: opening a FIFO swapped in meanwhile cannot block).
  const uint64_t size = inputFileSize(path, maxBytes);
  Fd f;
  openChecked(path, maxBytes, f);
  Bytes out;
  out.reserve(size);
  typename Bytes::value_type buf[65536];
  for (;;) {
    const ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, std::string("read error: ") + std::strerror(errno));
    }
    if (n == 0) break;
    if (static_cast<uint64_t>(n) > maxBytes - out.size())
      fail(path,
           "more than " + std::to_string(maxBytes) + " bytes exceed the input file limit (--max-file-bytes)");
    out.insert(out.end(), buf, buf + n);
  }
  return out;
}

}  // namespace

uint64_t inputFileSize(const std::filesystem::path& path, uint64_t maxBytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  checkStat(path, st, maxBytes);
  return static_cast<uint64_t>(st.st_size);
}

MappedFile::~MappedFile() { ::munmap(data_, size_); }

std::shared_ptr<MappedFile> mapInputFile(const std::filesystem::path& path, uint64_t expectedBytes) {
  Fd f;
  const uint64_t size = openChecked(path, ~uint64_t{0}, f);
  if (size != expectedBytes || expectedBytes == 0)
    fail(path, "changed since the job was loaded (" + std::to_string(expectedBytes) + " bytes, now " +
                   std::to_string(size) + ")");
  void* p = ::mmap(nullptr, expectedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_NORESERVE, f.fd, 0);
  if (p == MAP_FAILED) fail(path, std::string("cannot map: ") + std::strerror(errno));
  return std::make_shared<MappedFile>(p, expectedBytes);
}

std::vector<uint8_t> readInputFile(const std::filesystem::path& path, uint64_t maxBytes) {
  return readWhole<std::vector<uint8_t>>(path, maxBytes);
}

std::string readInputText(const std::filesystem::path& path, uint64_t maxBytes) {
  return readWhole<std::string>(path, maxBytes);
}

}  // namespace gcnsim::frontend
