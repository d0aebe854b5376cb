// Runs the gcnsim executable (GCNSIM_BINARY) for CLI tests: the one place
// tests start it as a user would (a shell command line), with stdout and
// stderr kept apart, merged, or stderr alone.
#pragma once
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gcnsim::test {

enum class Streams {
  Apart,       // out = stdout, err = stderr
  Merged,      // out = stdout and stderr interleaved (2>&1)
  StderrOnly,  // err = stderr, stdout discarded
};

struct ProcessOutput {
  int status = -1;  // exit status (-1: killed by a signal)
  std::string out, err;
  double seconds = 0;     // wall time of the command
  double cpuSeconds = 0;  // its CPU time, user and system (a loaded machine stretches wall time, not this)
};

// The CPU time, user and system, of this process's children that have ended and been waited for (their
// own waited-for children included).
inline double childCpuSeconds() {
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  const auto sec = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
  return sec(ru.ru_utime) + sec(ru.ru_stime);
}

// `args` are appended to the binary's path as shell words; the timeout (KILL)
// turns a hang into a failure.
inline ProcessOutput runGcnsim(const std::string& args, Streams streams = Streams::Apart,
                               unsigned timeoutSeconds = 120) {
  const auto errPath =
      std::filesystem::temp_directory_path() / ("gcnsim_stderr_" + std::to_string(::getpid()) + ".txt");
  std::string redirect = " 2>" + errPath.string();
  if (streams == Streams::Merged) redirect = " 2>&1";
  if (streams == Streams::StderrOnly) redirect = " 2>&1 >/dev/null";
  const std::string cmd = "timeout -s KILL " + std::to_string(timeoutSeconds) + " " +
                          std::string(GCNSIM_BINARY) + " " + args + redirect + " </dev/null";
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = childCpuSeconds();
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  ProcessOutput r;
  std::array<char, 4096> buf;
  std::string& into = streams == Streams::StderrOnly ? r.err : r.out;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) into.append(buf.data(), n);
  const int st = pclose(p);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpuSeconds = childCpuSeconds() - cpu0;
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  if (streams == Streams::Apart) {
    std::ostringstream err;
    err << std::ifstream(errPath).rdbuf();
    r.err = err.str();
    std::filesystem::remove(errPath);
  }
  return r;
}

// stdout and stderr together, as a user sees them.
struct MergedRun {
  int status = -1;
  std::string out;
};
inline MergedRun runMerged(const std::string& args) {
  const ProcessOutput r = runGcnsim(args, Streams::Merged);
  return {r.status, r.out};
}

}  // namespace gcnsim::test
