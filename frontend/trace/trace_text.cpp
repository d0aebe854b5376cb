// text trace: one aligned line per event, e.g.
//        120 issue  cu 0 simd 1 slot 0 wave     3 wg     0 pc 0x0010 [0x1810] exec 64 dur   4 vm 0 lgkm 1 exp
//        0  s_load_dword ... 124 stall  cu 0 simd 1 slot 0 wave     3 wg     0 pc 0x0014 [0x1814] dur    292
//        lgkm(smem)  s_waitcnt lgkmcnt(0)
// so that `grep "wave     3 "`, `grep stall`, `grep "lgkm(smem)"` select what one wants.
#include <spdlog/fmt/fmt.h>

#include <iterator>

#include "frontend/common/error.hpp"
#include "frontend/trace/trace_file.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::frontend {
namespace {

using namespace sim::trace;

// "K$ hit", "K$ miss", "K$ 2 hit 1 miss", or nothing when the level was not asked.
void cacheText(std::string& s, const char* level, unsigned hits, unsigned misses) {
  if (hits + misses == 0) return;
  if (misses == 0)
    fmt::format_to(std::back_inserter(s), " {} hit", level);
  else if (hits == 0)
    fmt::format_to(std::back_inserter(s), " {} miss", level);
  else
    fmt::format_to(std::back_inserter(s), " {} {} hit {} miss", level, hits, misses);
}

class TextWriter final : public TraceWriter {
 public:
  TextWriter(const std::filesystem::path& path, const TraceContext& ctx)
      : file_(path), ctx_(ctx), disasm_(ctx.gen) {
    fmt::format_to(
        out(),
        "# gcnsim {} trace: kernel {} ({}, config {}), cycles from dispatch, pc = byte offset from "
        "the kernel entry [absolute]\n",
        ctx.version, escapeText(ctx.kernel), escapeText(ctx.arch), escapeText(ctx.config));
    if (!ctx.configJson.empty()) fmt::format_to(out(), "# config {}\n", ctx.configJson);
  }

  void issue(const IssueEvent& e) override {
    head("issue", e.cycle, e.w);
    fmt::format_to(out(), " pc {} [0x{:x}] exec {:2} dur {:3} vm {} lgkm {} exp {}  {}\n",
                   sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc), 4), e.pc, e.execLanes, e.dur, e.vm,
                   e.lgkm, e.exp, disasm_.text(e.pc, e.inst));
    file_.written();
  }
  void stall(const StallEvent& e) override {
    head("stall", e.cycle, e.w);
    std::string why = stallReasonName(e.reason);
    if (e.reason == StallReason::Lgkm) why += fmt::format("({})", memKindName(e.waitingOn));
    if (e.reason == StallReason::Vm || e.vmToo)
      why += fmt::format("{}({})", e.vmToo ? "+vm" : "", memOpName(e.vmOp));
    fmt::format_to(out(), " pc {} [0x{:x}] dur {:6} {:<16}  {}\n",
                   sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc), 4), e.pc, e.dur, why,
                   disasm_.text(e.pc, e.inst));
    file_.written();
  }
  void memory(const MemEvent& e) override {
    head(e.isReturn ? "ret" : "req", e.cycle, e.w);
    fmt::format_to(out(), " {:<4} {:<6} id {:>6}", memKindName(e.kind), memOpName(e.op), e.id);
    if (!e.isReturn) {
      fmt::format_to(out(), " pc {} addr 0x{:x} bytes {} done {}",
                     sim::offsetHex(sim::entryOffset(e.pc, ctx_.entryPc), 4), e.address, e.bytes, e.done);
      cacheText(file_.buf(), "K$", e.kHits, e.kMisses);
      cacheText(file_.buf(), "L1", e.l1Hits, e.l1Misses);
      if (e.l1Writes) fmt::format_to(out(), " L1 write {}", e.l1Writes);
      cacheText(file_.buf(), "L2", e.l2Hits, e.l2Misses);
      if (e.kind == MemKind::Lds) fmt::format_to(out(), " conflicts {}", e.conflicts);
    }
    fmt::format_to(out(), "  vm {} lgkm {} exp {}\n", e.vm, e.lgkm, e.exp);
    file_.written();
  }
  void wave(const WaveEvent& e) override {
    head(e.end ? "end" : "start", e.cycle, e.w);
    file_.buf() += '\n';
    file_.written();
  }
  void workgroup(const WorkgroupEvent& e) override {
    static const char* const what[] = {"dispatch", "barrier", "done"};
    fmt::format_to(out(), "{:>10} {:<6} cu {:2} wg {:5} waves {} {}\n", e.cycle, "wg", e.cu, e.workgroup,
                   e.waves, what[e.what]);
    file_.written();
  }
  void finish(uint64_t cycles) override { fmt::format_to(out(), "{:>10} {:<6}\n", cycles, "finish"); }
  void check(const CheckEvent& e) override {
    fmt::format_to(out(), "{:>10} {:<6} cu {:2} {}\n", e.cycle, "check", e.cu, e.text);
    file_.written();
  }
  void close() override { file_.close(); }

 private:
  std::back_insert_iterator<std::string> out() { return std::back_inserter(file_.buf()); }
  void head(const char* ev, uint64_t cycle, const WaveRef& w) {
    fmt::format_to(out(), "{:>10} {:<6} cu {:2} simd {} slot {:2} wave {:5} wg {:5}", cycle, ev, w.cu, w.simd,
                   w.slot, w.wave, w.workgroup);
  }
  TraceFile file_;
  TraceContext ctx_;
  DisasmCache disasm_;
};

}  // namespace

std::unique_ptr<TraceWriter> makeTextTraceWriter(const std::filesystem::path& path, const TraceContext& ctx) {
  return std::make_unique<TextWriter>(path, ctx);
}

}  // namespace gcnsim::frontend
