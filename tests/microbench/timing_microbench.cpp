// timing_microbench: the GcnTimings.md microbenchmark suite (issue 11).
//
// Reads tests/microbench/suite.json (one entry per instruction class or
// penalty of reference/clrx/GcnTimings.md), runs each entry's loop body
// (tests/microbench/programs/NAME.s, assembled into programs/bin by
// tests/tools/assemble_programs.py --dir tests/microbench/programs) in the
// timing model with the chip's default config (sim::timing::defaultConfig)
// and prints one row per generation and scenario: gen, class, instruction,
// scenario, reference (with its GcnTimings.md line), gcnsim figure, match.
// The references come from the document only, never from the model.
//
// Measurements (tests/microbench/README.md says the same at more length):
//  "1 wave": one wave on SIMD 0 runs the body kReps times; the figure is
//    the cycles between the issue of the first instruction of iteration k1
//    and of iteration k2, / (k2 - k1) / count (start-up and drain cancel
//    out). The window ends before a wait counter comes near its maximum, so
//    no instruction in it waits for memory.
//    Layout "pad" (always for entries marked so; for mode "auto" on GCN
//    1.0/1.1 when the body is one 2-dword instruction): each iteration is a
//    32-byte block with the instruction in its first dwords and 1-dword
//    fillers after it, so no instruction-alignment penalty applies
//    (GcnTimings.md:50-58); the fillers' own cycles, measured as a stream,
//    are subtracted.
//    Entries with a "base" body report the difference of the two bodies'
//    cycles per iteration (the penalty).
//  "4 waves/SIMD": 16 waves, 4 on each SIMD of CU 0, each runs the body n1
//    and n2 times; throughput = 16 * count * (n2 - n1) / (cycles(n2) -
//    cycles(n1)) instructions per clock of the CU. With a "base" body: the
//    ratio of the two throughputs (1 = the penalty is masked), with 8 waves
//    per SIMD (kMaskedWavesPerSimd).
//  "issue": the entry's waves (one body each) all on SIMD 0; instructions
//    issued per issue turn of the SIMD (one turn every 4 clocks) while every
//    wave is running and no wave is near a wait-counter maximum.
//
// Chips: the "chips" of suite.json (gfx600 tahiti, gfx700 hawaii, gfx803 fiji,
// gfx900 vega10, gfx906 vega20), each with defaultConfig of its generation
// and ISA variant; a row runs on the chips of its "gens".
//
// Usage: timing_microbench [--check] [--gen gfx900[,gfx600]] [--filter TEXT]
//                          [--json] [--suite FILE] [--programs DIR]
// --check: exit status 1 if a row that has a reference (no "reason") does not match.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "memory/buffer_resource.hpp"
#include "sim/code_cache.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/harness.hpp"

namespace {

using namespace gcnsim;
using nlohmann::json;
using sim::timing::IssueRecord;
using sim::timing::Kind;

constexpr uint32_t kEndPgm = 0xbf810000;  // s_endpgm (SOPP opcode 1 on every generation)
constexpr unsigned kBlockDwords = 8;      // GcnTimings.md:53: "program divided by in 32-byte blocks"
constexpr unsigned kReps = 24;            // single-wave run: iterations of the body
constexpr unsigned kFirstIteration = 2;   // single-wave window starts here (start-up excluded)
constexpr unsigned kWaves = 16, kN1 = 16, kN2 = 48;  // throughput runs: 4 waves per SIMD
constexpr unsigned kMixReps = 64;
constexpr uint32_t kVgprs = 24, kSgprs = 48;  // small enough for 10 waves on one SIMD
constexpr uint32_t kLdsBytes = 32768;         // GCN 1.0/1.1 workgroup maximum
constexpr double kTolerance = 0.02;           // throughput and issue-rate rows
constexpr double kCycleTolerance = 0.5;       // single-wave cycles not a multiple of the issue turn
constexpr unsigned kMaskedWavesPerSimd = 8;   // penalty rows' "masked" throughput runs

struct Chip {
  std::string cpu, chip, dpLine;
  isa::Gen gen{};
  double dpFactor = 0;
};

// A reference figure: [lo, hi] (lo == hi unless the document gives a range).
struct Ref {
  double lo = 0, hi = 0;
  std::string text;
};

std::string fmt(double v, int prec) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", prec, v);
  return b;
}

std::string trimNumber(double v) {
  std::string s = fmt(v, 3);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// "4", "16-24", "1/4", "DPFACTOR*8", "FMA_F32" (GcnTimings.md:246: 4 cycles
// with DP rate 1/2..1/8, i.e. DPFACTOR <= 4, else 16).
Ref evalRef(const std::string& e, const Chip& c) {
  Ref r;
  if (e == "FMA_F32") {
    r.lo = r.hi = c.dpFactor <= 4 ? 4 : 16;
    r.text = "4 or 16 (DPFACTOR " + trimNumber(c.dpFactor) + "): " + trimNumber(r.lo);
  } else if (e.rfind("DPFACTOR*", 0) == 0) {
    r.lo = r.hi = c.dpFactor * std::stod(e.substr(9));
    r.text = e + " = " + trimNumber(r.lo);
  } else if (const size_t dash = e.find('-'); dash != std::string::npos) {
    r.lo = std::stod(e.substr(0, dash));
    r.hi = std::stod(e.substr(dash + 1));
    r.text = e;
  } else if (const size_t slash = e.find('/'); slash != std::string::npos) {
    r.lo = r.hi = std::stod(e.substr(0, slash)) / std::stod(e.substr(slash + 1));
    r.text = e + " = " + fmt(r.lo, 3);
  } else {
    r.lo = r.hi = std::stod(e);
    r.text = e;
  }
  return r;
}

// A JSON value that is either one string or an object keyed by gen.
std::optional<std::string> perGen(const json& spec, const char* key, const std::string& cpu) {
  if (!spec.contains(key)) return std::nullopt;
  const json& v = spec[key];
  if (v.is_string()) return v.get<std::string>();
  if (v.is_object() && v.contains(cpu)) return v[cpu].get<std::string>();
  return std::nullopt;
}

std::string cite(const std::string& lines) { return "GcnTimings.md:" + lines; }

class Bench {
 public:
  Bench(Chip chip, std::string programs)
      : chip_(std::move(chip)), dir_(std::move(programs)), cfg_(sim::timing::defaultConfig(chip_.gen)) {}

  const std::vector<uint32_t>& words(const std::string& prog) {
    auto it = words_.find(prog);
    if (it == words_.end())
      it = words_
               .emplace(prog, test::loadHexFile(dir_ + "/bin/" + prog + "." +
                                                std::string(isa::genFamily(chip_.gen)) + ".hex"))
               .first;
    return it->second;
  }

  // Cycles per iteration of `body` run by one wave (see the file comment).
  double iterationCycles(const std::vector<uint32_t>& body) {
    const Run r = run({repeat(body, kReps)}, {0}, {0}, true);
    const uint64_t base = r.segBase[0], bytes = body.size() * 4;
    std::vector<std::optional<uint64_t>> start(kReps);
    uint64_t saturated = std::numeric_limits<uint64_t>::max();
    for (const IssueRecord& rec : r.trace) {
      if (rec.pc >= base && rec.pc < base + kReps * bytes && (rec.pc - base) % bytes == 0) {
        auto& s = start[(rec.pc - base) / bytes];
        if (!s) s = rec.cycle;
      }
      if (nearMax(rec)) saturated = std::min(saturated, rec.cycle);
    }
    unsigned k2 = kFirstIteration;
    for (unsigned k = kFirstIteration; k < kReps && start[k] && *start[k] <= saturated; ++k) k2 = k;
    if (k2 < kFirstIteration + 2 || !start[kFirstIteration])
      throw std::runtime_error("measuring window too small (wait counters saturate)");
    return double(*start[k2] - *start[kFirstIteration]) / double(k2 - kFirstIteration);
  }

  // Instructions per clock of CU 0 with `wavesPerSimd` waves on each SIMD (see the file comment).
  double throughput(const std::vector<uint32_t>& body, unsigned count, unsigned wavesPerSimd = kWaves / 4) {
    const unsigned waves = 4 * wavesPerSimd;
    std::vector<uint32_t> simdOf(waves);
    for (unsigned i = 0; i < waves; ++i) simdOf[i] = i % 4;
    const std::vector<unsigned> segOf(waves, 0);
    const uint64_t c1 = run({repeat(body, kN1)}, segOf, simdOf, false).cycles;
    const uint64_t c2 = run({repeat(body, kN2)}, segOf, simdOf, false).cycles;
    if (c2 <= c1) throw std::runtime_error("throughput run: no cycles between the two lengths");
    return double(waves) * count * (kN2 - kN1) / double(c2 - c1);
  }

  // Instructions per issue turn of SIMD 0 with one wave per body of `mix`.
  double issueRate(const std::vector<std::string>& mix) {
    std::vector<std::vector<uint32_t>> segs;
    std::map<std::string, unsigned> segIndex;
    std::vector<unsigned> segOf;
    for (const std::string& p : mix) {
      if (!segIndex.count(p)) {
        segIndex[p] = unsigned(segs.size());
        segs.push_back(repeat(words(p), kMixReps));
      }
      segOf.push_back(segIndex[p]);
    }
    const Run r = run(segs, segOf, std::vector<uint32_t>(mix.size(), 0), true);
    const size_t n = mix.size();
    std::vector<std::vector<uint64_t>> issued(n);
    uint64_t end = std::numeric_limits<uint64_t>::max();
    for (const IssueRecord& rec : r.trace) {
      if (!takesIssueSlot(rec.kind)) continue;
      issued[rec.waveId].push_back(rec.cycle);
      if (nearMax(rec)) end = std::min(end, rec.cycle);
    }
    // Waves running the same body form a group (oldest-first issue may leave
    // one of them waiting for the other): the window is where every group has
    // a wave issuing.
    uint64_t begin = 0;
    std::vector<uint64_t> groupBegin(segs.size(), std::numeric_limits<uint64_t>::max()),
        groupEnd(segs.size(), 0);
    for (size_t w = 0; w < n; ++w) {
      const auto& c = issued[w];
      if (c.size() < 4) throw std::runtime_error("issue run: a wave issued almost nothing");
      groupBegin[segOf[w]] = std::min(groupBegin[segOf[w]], c[2]);
      groupEnd[segOf[w]] = std::max(groupEnd[segOf[w]], c.back());
    }
    for (size_t g = 0; g < segs.size(); ++g) {
      begin = std::max(begin, groupBegin[g]);
      end = std::min(end, groupEnd[g]);
    }
    if (end < begin + 32) throw std::runtime_error("issue run: window too small");
    size_t count = 0;
    for (const auto& c : issued)
      count += size_t(std::count_if(c.begin(), c.end(), [&](uint64_t t) { return t >= begin && t < end; }));
    return double(count) / (double(end - begin) / double(cfg_.cu.simds));
  }

  std::vector<uint32_t> padded(const std::vector<uint32_t>& inst, const std::vector<uint32_t>& filler) const {
    std::vector<uint32_t> b = inst;
    while (b.size() % kBlockDwords) b.insert(b.end(), filler.begin(), filler.end());
    return b;
  }

  const Chip& chip() const { return chip_; }

 private:
  struct Run {
    uint64_t cycles = 0;
    std::vector<IssueRecord> trace;
    std::vector<uint64_t> segBase;
  };

  static std::vector<uint32_t> repeat(const std::vector<uint32_t>& body, unsigned n) {
    std::vector<uint32_t> code;
    code.reserve(body.size() * n + 1);
    for (unsigned i = 0; i < n; ++i) code.insert(code.end(), body.begin(), body.end());
    code.push_back(kEndPgm);
    return code;
  }

  static bool takesIssueSlot(Kind k) {
    switch (k) {
      case Kind::Waitcnt:
      case Kind::Nop:
      case Kind::Sleep:
      case Kind::Setprio:
      case Kind::Barrier:
      case Kind::EndPgm:
      case Kind::OtherInternal:
      case Kind::Invalid: return false;
      default: return true;
    }
  }

  // A wait counter this close to its maximum may make the next instruction wait.
  bool nearMax(const IssueRecord& rec) const {
    const auto mx = sim::timing::counterMaxima(chip_.gen);
    return rec.vm + 1 >= mx.vm || rec.lgkm + 2 >= mx.lgkm;
  }

  // The registers every body relies on (tests/microbench/programs/*.s):
  // v1/v2/v3 = lane * 4/8/16 (LDS and buffer offsets), v4..v9 data,
  // s[0:1] a K$ buffer, s2 = 0, s3 = 1, s[4:7] a buffer V#, s[8:9] all ones,
  // M0 = 0x10000 (LDS limit on GCN 1.0-1.2; ds_append base 0).
  void initWave(test::WaveHarness& h) const {
    sim::WaveState& w = h.wave;
    for (unsigned l = 0; l < sim::kWaveSize; ++l) {
      w.v(1)[l] = l * 4;
      w.v(2)[l] = l * 8;
      w.v(3)[l] = l * 16;
      for (unsigned r = 4; r <= 9; ++r) w.v(r)[l] = 0x3f800000u + r * 0x100000u;  // distinct floats
    }
    const uint64_t kbuf = h.alloc(4096, "kcache buffer");
    const uint64_t vbuf = h.alloc(65536, "vector buffer");
    w.setSreg64(0, kbuf);
    w.sreg[2] = 0;
    w.sreg[3] = 1;
    memory::BufferResource rsrc;
    rsrc.baseAddress = vbuf;
    rsrc.numRecords = 65536;
    rsrc.dataFormat = 4;  // BUF_DATA_FORMAT_32
    rsrc.numFormat = 4;   // BUF_NUM_FORMAT_UINT
    const auto v = rsrc.encode(chip_.gen);
    for (unsigned i = 0; i < 4; ++i) w.sreg[4 + i] = v[i];
    w.setSreg64(8, ~0ull);
    w.setM0(0x10000);
  }

  // Runs one workgroup on CU 0: wave i starts at segment segOf[i] on SIMD simdOf[i].
  Run run(const std::vector<std::vector<uint32_t>>& segs, const std::vector<unsigned>& segOf,
          const std::vector<uint32_t>& simdOf, bool wantTrace) {
    test::WaveHarness h(chip_.gen, kVgprs, kLdsBytes);
    initWave(h);
    std::vector<uint32_t> code;
    std::vector<uint64_t> offsets;
    for (const auto& s : segs) {
      while (code.size() % 64) code.push_back(kEndPgm);  // each segment on a 256-byte boundary
      offsets.push_back(code.size() * 4);
      code.insert(code.end(), s.begin(), s.end());
    }
    const uint64_t base = h.mem.allocate(code.size() * 4 + 64, 256, "code");
    h.mem.write(base, code.data(), code.size() * 4);
    sim::CodeCache cache(chip_.gen, h.mem, base, code.size() * 4);
    std::vector<sim::WaveState> waves(segOf.size(), h.wave);
    for (size_t i = 0; i < waves.size(); ++i) {
      waves[i].pc = base + offsets[segOf[i]];
      waves[i].waveId = uint32_t(i);
      waves[i].waveInGroup = uint32_t(i);
      for (unsigned l = 0; l < sim::kWaveSize; ++l) waves[i].v(0)[l] = uint32_t(i * sim::kWaveSize + l);
    }
    Run r;
    for (uint64_t o : offsets) r.segBase.push_back(base + o);
    sim::timing::TimingOptions opt;
    opt.limits.maxCycles = 50'000'000;
    opt.sgprsPerWave = kSgprs;
    if (wantTrace) opt.onIssue = [&r](const IssueRecord& rec) { r.trace.push_back(rec); };
    sim::timing::TimingStats stats;
    const sim::RunStatus st = sim::timing::runWorkgroupTiming(cache, h.env, cfg_, waves, opt, stats, simdOf);
    if (!st.ok()) throw std::runtime_error("run failed: " + st.message);
    r.cycles = stats.cycles;
    return r;
  }

  Chip chip_;
  std::string dir_;
  sim::timing::GpuConfig cfg_;
  std::map<std::string, std::vector<uint32_t>> words_;
};

struct Row {
  std::string id, gen, cls, inst, scenario, ref, got, match;
  bool checked = false, ok = false;  // checked: has a reference (no reason)
};

// One scenario of one entry on one chip.
Row measure(Bench& b, const json& e, const char* scenario, const json& spec) {
  const Chip& c = b.chip();
  Row row;
  row.id = e["id"];
  row.gen = c.cpu;
  row.cls = e["class"];
  row.inst = e["inst"];
  const std::string kind = scenario;
  const bool hasBase = e.contains("base");
  // A penalty is "masked" with more waves (GcnTimings.md:65-68, 79, 81, 83):
  // measured with 8 waves per SIMD. With 4, a body of one VALU and one SALU
  // op already keeps the SIMD's VALU busy every turn, so no in-order wave
  // could hide a latency of more than 3 turns behind the others.
  const unsigned wavesPerSimd = hasBase ? kMaskedWavesPerSimd : kWaves / 4;
  row.scenario = kind == "one_wave"     ? "1 wave"
                 : kind == "four_waves" ? std::to_string(wavesPerSimd) + " waves/SIMD"
                                        : "issue";
  const std::optional<std::string> reason = perGen(spec, "reason", c.cpu);
  const std::optional<std::string> refExpr = perGen(spec, "ref", c.cpu);
  const std::string lines = perGen(spec, "line", c.cpu).value_or("?");
  const unsigned count = e.value("count", 1u);
  // The body: "prog", by default the entry's id; null for entries that are not measured.
  std::optional<std::string> prog = row.id;
  if (e.contains("prog"))
    prog = e["prog"].is_null() ? std::nullopt : std::optional(e["prog"].get<std::string>());

  // The reference.
  Ref ref;
  if (!reason) {
    if (!refExpr) throw std::runtime_error(row.id + ": no ref and no reason for " + c.cpu);
    if (*refExpr == "from_cycles") {  // "(1/(CYCLES/4))" instructions per clock of the CU
      const Ref cyc = evalRef(*perGen(e["one_wave"], "ref", c.cpu), c);
      ref.lo = 4 / cyc.hi;
      ref.hi = 4 / cyc.lo;
      ref.text = "4/(" + cyc.text + ") = " + fmt(ref.lo, 3);
    } else {
      ref = evalRef(*refExpr, c);
    }
    std::string src = cite(lines);
    if (refExpr->find("DPFACTOR") != std::string::npos || *refExpr == "FMA_F32" ||
        (*refExpr == "from_cycles" && e["one_wave"].dump().find("DPFACTOR") != std::string::npos))
      src += "; DPFACTOR " + trimNumber(c.dpFactor) + " " + cite(c.dpLine);
    if (kind == "four_waves" && hasBase) ref.text += " (masked)";
    // "reading": the figure is the model's reading of the cited lines, stated in suite.json, not their words.
    if (spec.contains("reading")) ref.text += " (reading)";
    row.ref = ref.text + " [" + src + "]";
  } else {
    row.ref = "-";
  }

  // The measurement.
  double got = 0;
  std::string unit;
  bool measured = true;
  try {
    if (kind == "issue") {
      got = b.issueRate(e["mix"].get<std::vector<std::string>>());
      unit = "/turn";
    } else if (!prog) {
      measured = false;
    } else if (kind == "one_wave") {
      const std::vector<uint32_t>& body = b.words(*prog);
      const std::string mode = e.value("mode", "auto");
      const bool oldFetch = c.gen == isa::Gen::GCN10 || c.gen == isa::Gen::GCN11;
      if (hasBase) {
        got = (b.iterationCycles(body) - b.iterationCycles(b.words(e["base"]))) / count;
      } else if (mode == "pad" || (mode == "auto" && oldFetch && count == 1 && body.size() == 2)) {
        const bool vector = row.cls.rfind("VOP", 0) == 0;
        const std::vector<uint32_t>& filler = b.words(vector ? "filler_valu" : "filler_salu");
        const std::vector<uint32_t> pad = b.padded(body, filler);
        const double fillers = double(pad.size() - body.size()) / double(filler.size());
        got = b.iterationCycles(pad) - fillers * b.iterationCycles(filler);
        row.scenario += " (pad)";
      } else {
        got = b.iterationCycles(body) / count;
      }
      unit = " cyc";
    } else {
      const std::vector<uint32_t>& body = b.words(*prog);
      if (hasBase) {
        got = b.throughput(body, 1, wavesPerSimd) / b.throughput(b.words(e["base"]), 1, wavesPerSimd);
        unit = "x";
      } else {
        got = b.throughput(body, count);
        unit = "/clk";
      }
    }
  } catch (const std::exception& ex) {
    row.got = std::string("error: ") + ex.what();
    row.checked = !reason;
    row.ok = false;
    row.match = reason ? "n/a: " + *reason : "no";
    return row;
  }
  if (measured) {
    row.got = kind == "one_wave" ? trimNumber(got) + unit
              : unit == "x"      ? "x" + fmt(got, 3)
                                 : fmt(got, 3) + unit;
  } else {
    row.got = "-";
  }
  if (reason) {
    row.match = "n/a: " + *reason;
    return row;
  }
  row.checked = true;
  // Issue cycles: exact, or within kCycleTolerance of a figure that is not a
  // multiple of the 4-cycle issue turn (18: the wave issues 20, 16, 20, 16
  // cycles apart, and the window's average may end on either); a range:
  // anything inside it.
  const double slack = std::fmod(ref.lo, 4.0) != 0 ? kCycleTolerance : 0.005;
  if (kind == "one_wave")
    row.ok = got >= ref.lo - slack && got <= ref.hi + slack;
  else
    row.ok = got >= ref.lo * (1 - kTolerance) && got <= ref.hi * (1 + kTolerance);
  row.match = row.ok ? "yes" : "no";
  return row;
}

std::vector<std::string> splitComma(const std::string& s) {
  std::vector<std::string> out;
  size_t p = 0;
  while (p <= s.size()) {
    const size_t q = std::min(s.find(',', p), s.size());
    if (q > p) out.push_back(s.substr(p, q - p));
    p = q + 1;
  }
  return out;
}

std::string clip(const std::string& s, size_t n) { return s.size() <= n ? s : s.substr(0, n - 1) + "~"; }

}  // namespace

int main(int argc, char** argv) {
  std::string suitePath = std::string(GCNSIM_MICROBENCH_DIR) + "/suite.json";
  std::string programs = std::string(GCNSIM_MICROBENCH_DIR) + "/programs";
  std::vector<std::string> gens;
  std::string filter;
  bool check = false, asJson = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--check") {
      check = true;
    } else if (a == "--json") {
      asJson = true;
    } else if (a == "--gen") {
      for (const std::string& g : splitComma(next())) gens.push_back(g);
    } else if (a == "--filter") {
      filter = next();
    } else if (a == "--suite") {
      suitePath = next();
    } else if (a == "--programs") {
      programs = next();
    } else {
      std::fprintf(stderr,
                   "usage: %s [--check] [--gen gfx600,gfx900] [--filter TEXT] [--json] [--suite FILE] "
                   "[--programs DIR]\n",
                   argv[0]);
      return 2;
    }
  }
  std::ifstream in(suitePath);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", suitePath.c_str());
    return 2;
  }
  const json suite = json::parse(in);
  std::map<std::string, Chip> chips;
  for (const auto& [cpu, c] : suite["chips"].items()) {
    const auto arch = isa::parseArch(cpu);
    if (!arch) throw std::runtime_error("unknown chip " + cpu);
    chips[cpu] = Chip{cpu, c["chip"], c["line"], arch->gen, c["dpfactor"].get<double>()};
  }
  const auto defaults = suite["default_gens"].get<std::vector<std::string>>();

  std::string chipNames;
  std::vector<std::string> allGens;
  for (const auto& [cpu, c] : chips) {
    chipNames += " " + cpu;
    allGens.push_back(cpu);
  }

  std::vector<Row> rows;
  std::map<std::string, Bench> benches;
  for (const std::string& cpu : gens.empty() ? allGens : gens) {
    if (!chips.count(cpu)) {
      std::fprintf(stderr, "unknown --gen %s (suite.json chips:%s)\n", cpu.c_str(), chipNames.c_str());
      return 2;
    }
    Bench& b = benches.try_emplace(cpu, chips[cpu], programs).first->second;
    for (const json& e : suite["rows"]) {
      const auto rowGens = e.contains("gens") ? e["gens"].get<std::vector<std::string>>() : defaults;
      if (std::find(rowGens.begin(), rowGens.end(), cpu) == rowGens.end()) continue;
      const std::string text = e["id"].get<std::string>() + " " + e["class"].get<std::string>() + " " +
                               e["inst"].get<std::string>();
      if (!filter.empty() && text.find(filter) == std::string::npos) continue;
      for (const char* sc : {"one_wave", "four_waves", "issue"})
        if (e.contains(sc)) rows.push_back(measure(b, e, sc, e[sc]));
    }
  }

  size_t checked = 0, ok = 0;
  for (const Row& r : rows)
    if (r.checked) ++checked, ok += r.ok;
  if (asJson) {
    json out = json::array();
    for (const Row& r : rows)
      out.push_back({{"id", r.id},
                     {"gen", r.gen},
                     {"class", r.cls},
                     {"instruction", r.inst},
                     {"scenario", r.scenario},
                     {"reference", r.ref},
                     {"gcnsim", r.got},
                     {"match", r.match}});
    std::printf("%s\n", out.dump(1).c_str());
  } else {
    const char* f = "%-7s %-26s %-34s %-17s %-58s %-12s %s\n";
    std::printf(f, "gen", "class", "instruction", "scenario", "reference", "gcnsim", "match");
    for (const Row& r : rows)
      std::printf(f, r.gen.c_str(), clip(r.cls, 26).c_str(), clip(r.inst, 34).c_str(), r.scenario.c_str(),
                  r.ref.c_str(), r.got.c_str(), r.match.c_str());
    std::printf("%zu rows: %zu with a reference, %zu match, %zu do not; %zu n/a (reason given)\n",
                rows.size(), checked, ok, checked - ok, rows.size() - checked);
  }
  return check && ok != checked ? 1 : 0;
}
