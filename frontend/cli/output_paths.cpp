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

// Whether two paths name the same regular file: the same inode if both exist, else the same absolute
// path (weakly_canonical: symlinks of the existing part resolved, "." and ".." removed). Devices are
// never the same file here: `--result /dev/null --trace /dev/null` discards both.
bool sameFile(const fs::path& a, const fs::path& b) {
  std::error_code ea, eb;
  const bool aExists = fs::exists(a, ea), bExists = fs::exists(b, eb);
  if (aExists && bExists) return fs::is_regular_file(a, ea) && fs::equivalent(a, b, ea);
  if (aExists != bExists) return false;
  const fs::path ca = fs::weakly_canonical(fs::absolute(a, ea), ea);
  const fs::path cb = fs::weakly_canonical(fs::absolute(b, eb), eb);
  return !ea && !eb && ca == cb;
}

}  // namespace

void checkOutputsApart(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs) {
  const auto isFile = [](const NamedFile& f) { return !f.path.empty() && f.path != "-"; };
  for (size_t i = 0; i < outputs.size(); ++i) {
    const NamedFile& out = outputs[i];
    if (!isFile(out)) continue;
    const auto refuse = [&](const NamedFile& other, const char* consequence) {
      throw InputError(out.what + " " + out.path + ": the same file as " + other.what + " (" + other.path +
                       "); writing it would " + consequence);
    };
    for (const NamedFile& in : inputs)
      if (isFile(in) && sameFile(out.path, in.path)) refuse(in, "overwrite that input");
    for (size_t j = 0; j < i; ++j)
      if (isFile(outputs[j]) && sameFile(out.path, outputs[j].path))
        refuse(outputs[j], "replace that output");
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
