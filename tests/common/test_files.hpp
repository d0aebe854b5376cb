// Files for tests: a scratch directory per test binary run, whole-file reads
// and writes. One copy for every test directory (they used to carry their own).
#pragma once
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace gcnsim::test {

// TMP/gcnsim_<tag>_<pid>, created: the process id keeps two runs of the same
// test binary (ctest -j) out of each other's files.
inline std::filesystem::path scratchDir(const std::string& tag) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("gcnsim_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// Writes `text` to `path` (binary: no newline translation) and returns `path`.
inline std::filesystem::path writeText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  REQUIRE(out);
  out << text;
  return path;
}

// The whole file; a missing file fails the test (rather than reading as empty).
inline std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace gcnsim::test
