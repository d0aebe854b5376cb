#include "frontend/cli/output_paths.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <unordered_map>
#include <utility>

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

// What identifies a file for checkOutputsApart: the device and inode of an existing regular file, the
// absolute path of one that does not exist yet (weakly_canonical: symlinks of the existing part resolved,
// "." and ".." removed), nothing for stdout, devices and the like: `--result /dev/null --trace /dev/null`
// discards both. Two paths are the same file when their keys are equal (one stat each: a job with 100,000
// buffer files is checked in linear time).
std::string fileKey(const std::string& path) {
  if (path.empty() || path == "-") return {};
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0)
    return S_ISREG(st.st_mode) ? "i" + std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino)
                               : std::string();
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? std::string() : "p" + c.string();
}

}  // namespace

void checkOutputsApart(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs) {
  // key -> (the file, whether it is an input); the first of equal inputs names them.
  std::unordered_map<std::string, std::pair<const NamedFile*, bool>> seen;
  seen.reserve(inputs.size() + outputs.size());
  for (const NamedFile& in : inputs)
    if (std::string key = fileKey(in.path); !key.empty()) seen.try_emplace(std::move(key), &in, true);
  for (const NamedFile& out : outputs) {
    std::string key = fileKey(out.path);
    if (key.empty()) continue;
    const auto [it, added] = seen.try_emplace(std::move(key), &out, false);
    if (added) continue;
    const auto& [other, isInput] = it->second;
    throw InputError(out.what + " " + out.path + ": the same file as " + other->what + " (" + other->path +
                     "); writing it would " + (isInput ? "overwrite that input" : "replace that output"));
  }
}

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
