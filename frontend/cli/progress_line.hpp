// The progress line of a long run (README "Progress"): a thread that, from 2 s
// into the run, rewrites one line on stderr every half second with the
// counters the engines publish in sim::RunControl -- cycle, wave-instructions,
// work-groups done / total, rate and ETA -- and clears it when the run ends.
// A carriage return and an erase-line escape are all it needs; Debian has no
// C++ terminal progress library (apt-cache search finds Go, Perl and Python
// ones only), and the engines must not call into one anyway.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "sim/run_control.hpp"

namespace gcnsim::frontend {

class ProgressLine {
 public:
  // `timing`: show the cycle too.
  ProgressLine(const sim::RunControl& control, uint64_t workgroupsTotal, bool timing, std::FILE* out);
  ~ProgressLine();  // stops the thread and erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // The line for these counters after `seconds` (no carriage return), e.g.
  // "cycle 1.20 M | 3.40 M wave-instructions | work-groups 12/100 | 1.13 M inst/s | ETA 25 s".
  static std::string format(uint64_t cycles, uint64_t instructions, uint64_t workgroupsDone,
                            uint64_t workgroupsTotal, bool timing, double seconds);

 private:
  void run();

  const sim::RunControl& control_;
  const uint64_t total_;
  const bool timing_;
  std::FILE* out_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace gcnsim::frontend
