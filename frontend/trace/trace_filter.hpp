// Which events reach a trace writer: --trace-waves LIST, --trace-cycles
// FROM:TO, --trace-cu N. The one place traces are filtered; profiles always
// see every event.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/trace/trace_sink.hpp"

namespace gcnsim::frontend {

struct TraceFilter {
  std::vector<std::pair<uint32_t, uint32_t>> waves;  // inclusive ranges; empty: every wave
  uint64_t from = 0, to = ~uint64_t{0};              // cycles [from, to)
  std::optional<uint32_t> cu;

  bool waveOk(uint32_t wave) const;
  // An event spanning [cycle, cycle + dur) passes if it overlaps [from, to).
  bool timeOk(uint64_t cycle, uint64_t dur = 0) const {
    return cycle < to && (cycle + dur > from || cycle >= from);
  }
  bool cuOk(uint32_t c) const { return !cu || *cu == c; }
};

// "0,3,8-11" -> ranges; "FROM:TO", "FROM:", ":TO" -> cycles; InputError naming the option.
std::vector<std::pair<uint32_t, uint32_t>> parseWaveList(const std::string& text);
std::pair<uint64_t, uint64_t> parseCycleRange(const std::string& text);

// Passes the events the filter accepts on to `next`.
class FilterSink final : public sim::trace::TraceSink {
 public:
  FilterSink(TraceFilter f, sim::trace::TraceSink& next) : f_(std::move(f)), next_(next) {}
  void issue(const sim::trace::IssueEvent& e) override {
    if (pass(e.w, e.cycle, e.dur)) next_.issue(e);
  }
  void stall(const sim::trace::StallEvent& e) override {
    if (pass(e.w, e.cycle, e.dur)) next_.stall(e);
  }
  void memory(const sim::trace::MemEvent& e) override {
    if (pass(e.w, e.cycle, 0)) next_.memory(e);
  }
  void wave(const sim::trace::WaveEvent& e) override {
    if (!e.end) noteCu(e.w);
    if (pass(e.w, e.cycle, 0)) next_.wave(e);
  }
  void workgroup(const sim::trace::WorkgroupEvent& e) override {
    if (f_.cuOk(e.cu) && f_.timeOk(e.cycle)) next_.workgroup(e);
  }
  void finish(uint64_t cycles) override { next_.finish(cycles); }
  // A finding of the checker (sim/check), which knows the wave only: its CU is the one the wave started on.
  void check(const sim::trace::CheckEvent& e) override {
    sim::trace::CheckEvent c = e;
    if (e.wave < cuOfWave_.size()) c.cu = cuOfWave_[e.wave];
    if (f_.cuOk(c.cu) && f_.waveOk(c.wave) && f_.timeOk(c.cycle)) next_.check(c);
  }

 private:
  bool pass(const sim::trace::WaveRef& w, uint64_t cycle, uint64_t dur) const {
    return f_.cuOk(w.cu) && f_.waveOk(w.wave) && f_.timeOk(cycle, dur);
  }
  void noteCu(const sim::trace::WaveRef& w) {
    if (w.wave >= cuOfWave_.size()) cuOfWave_.resize(size_t(w.wave) + 1, 0);
    cuOfWave_[w.wave] = w.cu;
  }
  TraceFilter f_;
  sim::trace::TraceSink& next_;
  std::vector<uint32_t> cuOfWave_;  // by wave id, from the wave start events (every one passes through here)
};

}  // namespace gcnsim::frontend
