// Runs the gcnsim executable built with the tests (GCNSIM_BINARY) and
// collects its exit status and output, for the command-line tests.
#pragma once
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace cli {

struct Run {
  int status;
  std::string out;  // stdout and stderr
};

inline Run run(const std::string& args) {
  const std::string cmd = std::string(GCNSIM_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  Run r{0, ""};
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

}  // namespace cli
