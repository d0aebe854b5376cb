// Runs the gcnsim executable (GCNSIM_BINARY) for CLI tests, with stdout and
// stderr kept apart, so tests can parse what a command writes to stdout.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gcnsim::test {

struct ProcessOutput {
  int status = -1;  // exit status (-1: killed by a signal)
  std::string out, err;
};

// `args` are appended to the binary's path as shell words; a 120 s timeout
// turns a hang into a failure.
inline ProcessOutput runGcnsim(const std::string& args) {
  const auto errPath =
      std::filesystem::temp_directory_path() / ("gcnsim_stderr_" + std::to_string(::getpid()) + ".txt");
  const std::string cmd = "timeout -s KILL 120 " + std::string(GCNSIM_BINARY) + " " + args + " 2>" +
                          errPath.string() + " </dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  ProcessOutput r;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ostringstream err;
  err << std::ifstream(errPath).rdbuf();
  r.err = err.str();
  std::filesystem::remove(errPath);
  return r;
}

}  // namespace gcnsim::test
