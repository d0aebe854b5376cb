#include "frontend/cli/output_paths.hpp"

#include <unistd.h>

#include <filesystem>

#include "frontend/common/error.hpp"

namespace fs = std::filesystem;

namespace gcnsim::frontend {
namespace {

void requireWritableDir(const std::string& what, const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(what + ": " +
                     (fs::exists(dir, ec) ? "\"" + dir.string() + "\" is not a directory"
                                          : "directory \"" + dir.string() + "\" does not exist"));
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw InputError(what + ": directory \"" + dir.string() + "\" is not writable");
}

}  // namespace

void checkOutputFile(const std::string& option, const std::string& file) {
  if (file == "-") return;
  const std::string what = option + " " + file;
  if (file.empty()) throw InputError(option + ": empty file name");
  const fs::path p(file);
  std::error_code ec;
  if (fs::is_directory(p, ec)) throw InputError(what + ": is a directory (expected a file name)");
  if (fs::exists(p, ec)) {
    if (::access(p.c_str(), W_OK) != 0) throw InputError(what + ": file is not writable");
    return;
  }
  requireWritableDir(what, p.has_parent_path() ? p.parent_path() : fs::path("."));
}

void checkOutputDir(const std::string& option, const std::string& dir) {
  const std::string what = option + " " + dir;
  if (dir.empty()) throw InputError(option + ": empty directory name");
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(dir), ec);
  // The nearest ancestor that exists must be a writable directory (create_directories makes the rest).
  while (!fs::exists(p, ec) && p.has_parent_path() && p.parent_path() != p) p = p.parent_path();
  requireWritableDir(what, p);
}

}  // namespace gcnsim::frontend
