// jsonl trace: one JSON object per line, keys fixed per event type (README
// "Traces and profiles").
#include <spdlog/fmt/fmt.h>

#include <iterator>
#include <nlohmann/json.hpp>

#include "frontend/trace/trace_file.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::frontend {
namespace {

using namespace sim::trace;

class JsonlWriter final : public TraceWriter {
 public:
  // The first line says what produced the trace (like the text trace's
  // comment lines and the chrome trace's otherData).
  JsonlWriter(const std::filesystem::path& path, const TraceContext& ctx)
      : file_(path), ctx_(ctx), disasm_(ctx.gen) {
    fmt::format_to(
        out(),
        "{{\"ev\":\"header\",\"cycle\":0,\"generator\":\"gcnsim\",\"gcnsim_version\":{},\"kernel\":{},"
        "\"arch\":{},\"entry_pc\":{},\"config\":{},\"config_detail\":{}}}\n",
        jsonString(ctx.version), jsonString(ctx.kernel), jsonString(ctx.arch), ctx.entryPc,
        jsonString(ctx.config), ctx.configJson.empty() ? "null" : ctx.configJson);
    file_.written();
  }

  void issue(const IssueEvent& e) override {
    head("issue", e.cycle, e.w);
    fmt::format_to(
        out(),
        ",\"pc\":{},\"pc_abs\":{},\"inst\":{},\"exec\":{},\"dur\":{},\"vm\":{},\"lgkm\":{},\"exp\":{}}}\n",
        sim::entryOffset(e.pc, ctx_.entryPc), e.pc, disasm_.json(e.pc, e.inst), e.execLanes, e.dur, e.vm,
        e.lgkm, e.exp);
    file_.written();
  }
  void stall(const StallEvent& e) override {
    head("stall", e.cycle, e.w);
    const char* on = e.reason == StallReason::Lgkm ? memKindName(e.waitingOn)
                     : e.reason == StallReason::Vm ? memOpName(e.vmOp)
                                                   : nullptr;
    fmt::format_to(out(),
                   ",\"dur\":{},\"pc\":{},\"pc_abs\":{},\"inst\":{},\"reason\":\"{}\",\"waiting_on\":{}",
                   e.dur, sim::entryOffset(e.pc, ctx_.entryPc), e.pc, disasm_.json(e.pc, e.inst),
                   stallReasonName(e.reason), on ? fmt::format("\"{}\"", on) : std::string("null"));
    // An lgkm wait with vmcnt unsatisfied too: the VM profile counts it as well.
    if (e.vmToo) fmt::format_to(out(), ",\"vm_too\":\"{}\"", memOpName(e.vmOp));
    fmt::format_to(out(), "}}\n");
    file_.written();
  }
  void memory(const MemEvent& e) override {
    head("mem", e.cycle, e.w);
    fmt::format_to(out(), ",\"phase\":\"{}\",\"id\":{},\"kind\":\"{}\",\"op\":\"{}\"",
                   e.isReturn ? "ret" : "req", e.id, memKindName(e.kind), memOpName(e.op));
    if (!e.isReturn)
      fmt::format_to(
          out(),
          ",\"pc\":{},\"pc_abs\":{},\"addr\":{},\"bytes\":{},\"done\":{},\"k_hit\":{},\"k_miss\":{},"
          "\"l1_hit\":{},\"l1_miss\":{},\"l1_write\":{},\"l2_hit\":{},\"l2_miss\":{},\"conflicts\":{}",
          sim::entryOffset(e.pc, ctx_.entryPc), e.pc, e.address, e.bytes, e.done, e.kHits, e.kMisses,
          e.l1Hits, e.l1Misses, e.l1Writes, e.l2Hits, e.l2Misses, e.conflicts);
    fmt::format_to(out(), ",\"vm\":{},\"lgkm\":{},\"exp\":{}}}\n", e.vm, e.lgkm, e.exp);
    file_.written();
  }
  void wave(const WaveEvent& e) override {
    head("wave", e.cycle, e.w);
    fmt::format_to(out(), ",\"what\":\"{}\"}}\n", e.end ? "end" : "start");
    file_.written();
  }
  void workgroup(const WorkgroupEvent& e) override {
    static const char* const what[] = {"dispatch", "barrier", "done"};
    fmt::format_to(out(), "{{\"ev\":\"wg\",\"cycle\":{},\"cu\":{},\"wg\":{},\"waves\":{},\"what\":\"{}\"}}\n",
                   e.cycle, e.cu, e.workgroup, e.waves, what[e.what]);
    file_.written();
  }
  void finish(uint64_t cycles) override {
    fmt::format_to(out(), "{{\"ev\":\"end\",\"cycle\":{}}}\n", cycles);
    file_.written();
  }
  void check(const CheckEvent& e) override {
    fmt::format_to(out(),
                   "{{\"ev\":\"check\",\"cycle\":{},\"cu\":{},\"wave\":{},\"pc\":{},\"pc_abs\":{},"
                   "\"kind\":\"{}\",\"rule\":\"{}\",\"text\":{}}}\n",
                   e.cycle, e.cu, e.wave, sim::entryOffset(e.pc, ctx_.entryPc), e.pc, e.kind, e.rule,
                   nlohmann::json(e.text).dump());
    file_.written();
  }
  void close() override { file_.close(); }

 private:
  std::back_insert_iterator<std::string> out() { return std::back_inserter(file_.buf()); }
  void head(const char* ev, uint64_t cycle, const WaveRef& w) {
    fmt::format_to(out(),
                   "{{\"ev\":\"{}\",\"cycle\":{},\"cu\":{},\"simd\":{},\"slot\":{},\"wave\":{},\"wg\":{}", ev,
                   cycle, w.cu, w.simd, w.slot, w.wave, w.workgroup);
  }
  TraceFile file_;
  TraceContext ctx_;
  DisasmCache disasm_;
};

}  // namespace

std::unique_ptr<TraceWriter> makeJsonlTraceWriter(const std::filesystem::path& path,
                                                  const TraceContext& ctx) {
  return std::make_unique<JsonlWriter>(path, ctx);
}

}  // namespace gcnsim::frontend
