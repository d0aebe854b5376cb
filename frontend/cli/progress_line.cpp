#include "frontend/cli/progress_line.hpp"

#include <chrono>

#include "frontend/common/printf_string.hpp"

namespace gcnsim::frontend {
namespace {

// 1234 -> "1234", 1234567 -> "1.23 M", 4.5e9 -> "4.50 G".
std::string count(double v) {
  if (v >= 1e9) return printfString("%.2f G", v / 1e9);
  if (v >= 1e6) return printfString("%.2f M", v / 1e6);
  return printfString("%.0f", v);
}

constexpr auto kFirst = std::chrono::seconds(2);
constexpr auto kEvery = std::chrono::milliseconds(500);

}  // namespace

ProgressLine::ProgressLine(const sim::RunControl& control, uint64_t workgroupsTotal, bool timing,
                           std::FILE* out)
    : control_(control), total_(workgroupsTotal), timing_(timing), out_(out), thread_([this] { run(); }) {}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard lock(m_);
    done_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

std::string ProgressLine::format(uint64_t cycles, uint64_t instructions, uint64_t workgroupsDone,
                                 uint64_t workgroupsTotal, bool timing, double seconds) {
  std::string s = timing ? "cycle " + count(double(cycles)) + " | " : "";
  s += count(double(instructions)) + " wave-instructions | work-groups " + std::to_string(workgroupsDone) +
       "/" + std::to_string(workgroupsTotal);
  if (seconds > 0) s += " | " + count(double(instructions) / seconds) + " inst/s";
  // ETA from the work-groups done so far: the kernel's own measure of how far it is.
  if (workgroupsDone > 0 && workgroupsDone < workgroupsTotal)
    s += printfString(" | ETA %.0f s",
                      seconds * double(workgroupsTotal - workgroupsDone) / double(workgroupsDone));
  return s;
}

void ProgressLine::run() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(m_);
  bool shown = false;
  if (!cv_.wait_for(lock, kFirst, [this] { return done_; })) {
    do {
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const std::string line =
          format(control_.cycles.load(std::memory_order_relaxed),
                 control_.instructions.load(std::memory_order_relaxed),
                 control_.workgroupsDone.load(std::memory_order_relaxed), total_, timing_, t);
      std::fprintf(out_, "\r%s\x1b[K", line.c_str());
      std::fflush(out_);
      shown = true;
    } while (!cv_.wait_for(lock, kEvery, [this] { return done_; }));
  }
  if (shown) {
    std::fputs("\r\x1b[K", out_);
    std::fflush(out_);
  }
}

}  // namespace gcnsim::frontend
