// chrome trace: the Trace Event Format (JSON object form) that Perfetto and
// chrome://tracing open. Timestamps are cycles written as microseconds
// (1 cycle = 1 us in the viewer). One process per CU (pid = CU), one thread
// per wave (tid = wave id), named by metadata events the first time a CU or
// wave appears; instructions and stalls are complete ("X") slices, memory
// requests/returns and wave/workgroup milestones instant ("i") events, and
// each wave's VM/LGKM/EXP counters a counter ("C") track. The traceEvents
// array is written as the run goes and closed by close().
#include <spdlog/fmt/fmt.h>

#include <iterator>
#include <vector>

#include "frontend/trace/trace_file.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::frontend {
namespace {

using namespace sim::trace;

// tid of each CU's "workgroups" track (dispatch, barrier release), above any wave id.
constexpr uint64_t kWorkgroupTid = 1u << 30;

class ChromeWriter final : public TraceWriter {
 public:
  ChromeWriter(const std::filesystem::path& path, const TraceContext& ctx)
      : file_(path), ctx_(ctx), disasm_(ctx.gen) {
    fmt::format_to(
        out(),
        "{{\"otherData\":{{\"generator\":\"gcnsim\",\"gcnsim_version\":{},\"kernel\":{},\"arch\":{},"
        "\"config\":{},\"config_detail\":{},\"time_unit\":\"1 cycle = 1 us\"}},\n\"traceEvents\":[\n",
        jsonString(ctx.version), jsonString(ctx.kernel), jsonString(ctx.arch), jsonString(ctx.config),
        ctx.configJson.empty() ? "null" : ctx.configJson);
  }

  void issue(const IssueEvent& e) override {
    track(e.w);
    sep();
    fmt::format_to(out(),
                   "{{\"ph\":\"X\",\"cat\":\"inst\",\"name\":{},\"ts\":{},\"dur\":{},\"pid\":{},\"tid\":{},"
                   "\"args\":{{\"pc\":\"{}\",\"pc_abs\":\"0x{:x}\",\"exec\":{}}}}}",
                   disasm_.json(e.pc, e.inst), e.cycle, e.dur, e.w.cu, e.w.wave,
                   sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc)), e.pc, e.execLanes);
    file_.written();
  }
  void stall(const StallEvent& e) override {
    track(e.w);
    std::string name = std::string("stall: ") + stallReasonName(e.reason);
    if (e.reason == StallReason::Lgkm) name += fmt::format(" ({})", memKindName(e.waitingOn));
    if (e.reason == StallReason::Vm || e.vmToo)
      name += fmt::format("{} ({})", e.vmToo ? " + vm" : "", memOpName(e.vmOp));
    sep();
    fmt::format_to(
        out(),
        "{{\"ph\":\"X\",\"cat\":\"stall\",\"name\":\"{}\",\"ts\":{},\"dur\":{},\"pid\":{},\"tid\":{},"
        "\"args\":{{\"pc\":\"{}\",\"inst\":{}}}}}",
        name, e.cycle, e.dur, e.w.cu, e.w.wave, sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc)),
        disasm_.json(e.pc, e.inst));
    file_.written();
  }
  void memory(const MemEvent& e) override {
    track(e.w);
    sep();
    fmt::format_to(
        out(),
        "{{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"mem\",\"name\":\"{} {} {}\",\"ts\":{},\"pid\":{},\"tid\":{},"
        "\"args\":{{\"id\":{}",
        memKindName(e.kind), memOpName(e.op), e.isReturn ? "return" : "request", e.cycle, e.w.cu, e.w.wave,
        e.id);
    if (!e.isReturn)
      fmt::format_to(
          out(),
          ",\"pc\":\"{}\",\"addr\":\"0x{:x}\",\"bytes\":{},\"done\":{},\"k_hit\":{},\"k_miss\":{},"
          "\"l1_hit\":{},\"l1_miss\":{},\"l1_write\":{},\"l2_hit\":{},\"l2_miss\":{},\"conflicts\":{}",
          sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc)), e.address, e.bytes, e.done, e.kHits,
          e.kMisses, e.l1Hits, e.l1Misses, e.l1Writes, e.l2Hits, e.l2Misses, e.conflicts);
    file_.buf() += "}}";
    counters(e.cycle, e.w, e.vm, e.lgkm, e.exp);
    file_.written();
  }
  void wave(const WaveEvent& e) override {
    track(e.w);
    sep();
    fmt::format_to(
        out(),
        "{{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"wave\",\"name\":\"wave {}\",\"ts\":{},\"pid\":{},\"tid\":{}}}",
        e.end ? "end" : "start", e.cycle, e.w.cu, e.w.wave);
    if (!e.end) counters(e.cycle, e.w, 0, 0, 0);
    file_.written();
  }
  void workgroup(const WorkgroupEvent& e) override {
    static const char* const what[] = {"dispatch", "barrier release", "done"};
    process(e.cu);
    sep();
    fmt::format_to(
        out(),
        "{{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"workgroup\",\"name\":\"wg {} {}\",\"ts\":{},\"pid\":{},"
        "\"tid\":{},\"args\":{{\"waves\":{}}}}}",
        e.workgroup, what[e.what], e.cycle, e.cu, kWorkgroupTid, e.waves);
    file_.written();
  }
  void close() override {
    if (!closed_) file_.buf() += "\n]}\n";
    closed_ = true;
    file_.close();
  }

 private:
  std::back_insert_iterator<std::string> out() { return std::back_inserter(file_.buf()); }
  void sep() {
    if (any_) file_.buf() += ",\n";
    any_ = true;
  }
  void counters(uint64_t cycle, const WaveRef& w, unsigned vm, unsigned lgkm, unsigned exp) {
    sep();
    fmt::format_to(out(),
                   "{{\"ph\":\"C\",\"name\":\"wave {} counters\",\"ts\":{},\"pid\":{},\"tid\":{},"
                   "\"args\":{{\"vm\":{},\"lgkm\":{},\"exp\":{}}}}}",
                   w.wave, cycle, w.cu, w.wave, vm, lgkm, exp);
  }
  // Process (CU) metadata on first sight.
  void process(uint32_t cu) {
    if (cu >= cus_.size()) cus_.resize(cu + 1, 0);
    if (cus_[cu]) return;
    cus_[cu] = 1;
    sep();
    fmt::format_to(out(),
                   "{{\"ph\":\"M\",\"name\":\"process_name\",\"ts\":0,\"pid\":{0},\"tid\":0,\"args\":{{"
                   "\"name\":\"CU {0}\"}}}},\n"
                   "{{\"ph\":\"M\",\"name\":\"process_sort_index\",\"ts\":0,\"pid\":{0},\"tid\":0,\"args\":{{"
                   "\"sort_index\":{0}}}}},\n"
                   "{{\"ph\":\"M\",\"name\":\"thread_name\",\"ts\":0,\"pid\":{0},\"tid\":{1},\"args\":{{"
                   "\"name\":\"workgroups\"}}}}",
                   cu, kWorkgroupTid);
  }
  // Thread (wave) metadata on first sight.
  void track(const WaveRef& w) {
    process(w.cu);
    if (w.wave >= waves_.size()) waves_.resize(w.wave + 1, 0);
    if (waves_[w.wave]) return;
    waves_[w.wave] = 1;
    sep();
    fmt::format_to(
        out(),
        "{{\"ph\":\"M\",\"name\":\"thread_name\",\"ts\":0,\"pid\":{0},\"tid\":{1},\"args\":{{\"name\":"
        "\"wave {1} (wg {2}, SIMD {3} slot {4})\"}}}},\n"
        "{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"ts\":0,\"pid\":{0},\"tid\":{1},\"args\":{{\"sort_"
        "index\":{1}}}}}",
        w.cu, w.wave, w.workgroup, w.simd, w.slot);
  }
  TraceFile file_;
  TraceContext ctx_;
  DisasmCache disasm_;
  std::vector<uint8_t> cus_, waves_;  // metadata written
  bool any_ = false, closed_ = false;
};

}  // namespace

std::unique_ptr<TraceWriter> makeChromeTraceWriter(const std::filesystem::path& path,
                                                   const TraceContext& ctx) {
  return std::make_unique<ChromeWriter>(path, ctx);
}

}  // namespace gcnsim::frontend
