// gcnsim_bench: simulation speed on four OpenCL kernels (tests/bench/README.md).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "frontend/cli/unsigned_option.hpp"
#include "frontend/common/error.hpp"
#include "tests/bench/bench_report.hpp"
#include "tests/bench/bench_speedup.hpp"

namespace po = boost::program_options;
using namespace gcnsim;
using namespace gcnsim::bench;

namespace {

struct Options {
  std::string kernels, gens = "gfx900,gfx600", sizes = "1-5", mode = "both";
  double scale = 1;
  unsigned threads = 1;
  // --speedup N: 1 against N threads, in `rounds` alternating rounds; the speed table: functional and
  // timing mode in `rounds` alternating rounds (default 1).
  unsigned speedup = 0, rounds = 3;
  bool json = false, quick = false;
  double minCpuSeconds = 0.3;  // small runs are repeated up to this much CPU time
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// "1,3,5" or "2-4": indices 1 to 5 of the sizes, as 0-based indices.
std::vector<size_t> parseSizes(const std::string& list) {
  std::vector<size_t> out;
  for (const std::string& item : split(list)) {
    unsigned from = 0, to = 0;
    char extra = 0;
    const int n = std::sscanf(item.c_str(), "%u-%u%c", &from, &to, &extra);
    if (n == 1) to = from;
    if ((n != 1 && n != 2) || from < 1 || to > 5 || from > to)
      throw frontend::InputError("--sizes: \"" + item + "\" is not a size 1-5 or a range like 2-4");
    for (unsigned i = from; i <= to; ++i)
      if (std::find(out.begin(), out.end(), i - 1) == out.end()) out.push_back(i - 1);
  }
  std::sort(out.begin(), out.end());
  if (out.empty()) throw frontend::InputError("--sizes: no size given");
  return out;
}

bool parse(int argc, char** argv, Options& o) {
  po::options_description desc(
      "gcnsim_bench [options]: wave-instructions per CPU second of four OpenCL kernels in functional and "
      "timing mode");
  desc.add_options()("help,h", "show this help")("kernel", po::value(&o.kernels),
                                                 "kernels, comma-separated (default: all of fma_loop, "
                                                 "lds_matmul, saxpy, lds_reduction)")(
      "gen", po::value(&o.gens), "generations, comma-separated: gfx900, gfx600 (default: both)")(
      "sizes", po::value(&o.sizes),
      "sizes to run, 1 (smallest) to 5 (largest): e.g. 1,3,5 or 2-4 (default 1-5)")(
      "scale", po::value(&o.scale), "multiply every size's work-groups by this factor (default 1)")(
      "mode", po::value(&o.mode), "functional, timing or both (default)")(
      "threads", frontend::unsignedValue(o.threads), "simulation threads in both modes (default 1)")(
      "speedup", frontend::unsignedValue(o.speedup),
      "instead of the speed table: wall time on 1 thread against N threads, in both modes")(
      "rounds", frontend::unsignedValue(o.rounds),
      "rounds of alternating runs, the fastest of each kept: functional and timing mode (default 1), "
      "with --speedup 1 and N threads (default 3)")("json", "print JSON instead of the table")(
      "quick", "only the smallest size, each run once (CI)");
  po::variables_map vm;
  po::store(po::parse_command_line(argc, argv, desc), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << desc;
    return false;
  }
  o.json = vm.count("json") > 0;
  o.quick = vm.count("quick") > 0;
  if ((o.quick || !vm.count("speedup")) && !vm.count("rounds")) o.rounds = 1;
  if (o.quick) {
    o.sizes = "1";
    o.minCpuSeconds = 0;
  }
  if (o.mode != "functional" && o.mode != "timing" && o.mode != "both")
    throw frontend::InputError("--mode: \"" + o.mode +
                               "\" is not a mode (expected functional, timing or both)");
  if (o.threads < 1) throw frontend::InputError("--threads: must be at least 1");
  if (vm.count("speedup") && o.speedup < 2)
    throw frontend::InputError("--speedup: must be at least 2 threads");
  if (o.speedup && vm.count("threads"))
    throw frontend::InputError("--speedup runs 1 and N threads; --threads does not go with it");
  if (o.rounds < 1 || o.rounds > 20) throw frontend::InputError("--rounds: must be 1 to 20");
  if (!(o.scale > 0 && o.scale <= 100)) throw frontend::InputError("--scale: must be in (0, 100]");
  return true;
}

std::vector<const BenchKernel*> selectKernels(const std::string& list) {
  std::vector<const BenchKernel*> out;
  for (const BenchKernel& k : benchKernels())
    if (list.empty()) out.push_back(&k);
  for (const std::string& name : split(list)) {
    const auto all = benchKernels();
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const BenchKernel& k) { return name == k.name; });
    if (it == all.end())
      throw frontend::InputError("--kernel: no kernel \"" + name +
                                 "\" (expected fma_loop, lds_matmul, saxpy or lds_reduction)");
    out.push_back(&*it);
  }
  return out;
}

// --speedup: per kernel x generation x size, the wall time of each mode on 1 thread against N.
int runSpeedup(const Options& o, const std::vector<const BenchKernel*>& kernels,
               const std::vector<std::string>& gens, const std::vector<size_t>& sizeIndices,
               const std::array<uint32_t, 5>& sizes, const std::filesystem::path& binDir) {
  const JobFolder folder;
  bool allRight = true;
  nlohmann::ordered_json json;
  json["speedup_threads"] = o.speedup;
  json["rounds"] = o.rounds;
  if (!o.json) {
    std::printf(
        "gcnsim_bench --speedup: wall time on 1 thread against %u, the fastest of %u alternating "
        "round(s)\n\n",
        o.speedup, o.rounds);
    std::printf("%s", speedupHeader(o.speedup).c_str());
  }
  std::string summaries;
  for (const BenchKernel* k : kernels)
    for (const std::string& gen : gens) {
      SpeedupRun f, t;
      uint32_t workgroups = 0;
      for (const size_t i : sizeIndices) {
        workgroups = sizes[i];
        const frontend::Job job = loadBenchJob(*k, gen, workgroups, binDir, folder);
        f = t = SpeedupRun{};
        if (o.mode != "timing")
          f = measureSpeedup(job, *k, "functional", o.speedup, o.rounds, o.minCpuSeconds);
        if (o.mode != "functional")
          t = measureSpeedup(job, *k, "timing", o.speedup, o.rounds, o.minCpuSeconds);
        allRight &= f.error.empty() && t.error.empty();
        if (o.json) {
          json["results"].push_back(nlohmann::ordered_json{{"kernel", k->name},
                                                           {"gen", gen},
                                                           {"workgroups", workgroups},
                                                           {"functional", speedupJson(f)},
                                                           {"timing", speedupJson(t)}});
        } else {
          std::printf("%s", speedupRow(k->name, gen, workgroups, f, t).c_str());
          std::fflush(stdout);
        }
      }
      summaries += speedupSummary(k->name, gen, workgroups, f, t, o.speedup);
    }
  if (o.json)
    std::printf("%s\n", json.dump(2).c_str());
  else
    std::printf("\nThe largest size run (issue 12: >= 1.7x with 2 threads on a 2-core machine):\n%s",
                summaries.c_str());
  return allRight ? frontend::kExitOk : frontend::kExitFault;
}

int run(const Options& o) {
  const std::vector<const BenchKernel*> kernels = selectKernels(o.kernels);
  const std::vector<std::string> gens = split(o.gens);
  for (const std::string& g : gens)
    if (g != "gfx900" && g != "gfx600")
      throw frontend::InputError("--gen: \"" + g + "\" is not benchmarked (expected gfx900 or gfx600)");
  const std::vector<size_t> sizeIndices = parseSizes(o.sizes);
  const std::array<uint32_t, 5> sizes = benchSizes(o.scale);
  const std::filesystem::path binDir = std::filesystem::path(GCNSIM_BENCH_DIR) / "kernels" / "bin";
  if (o.speedup) return runSpeedup(o, kernels, gens, sizeIndices, sizes, binDir);

  const JobFolder folder;
  bool allRight = true;
  nlohmann::ordered_json json;
  json["threads"] = o.threads;
  json["mode"] = o.mode;
  json["rounds"] = o.rounds;
  if (!o.json) {
    std::printf(
        "gcnsim_bench: %s mode(s), %u thread(s), the fastest of %u round(s); CPU = process CPU time of the "
        "simulation alone\n\n",
        o.mode.c_str(), o.threads, o.rounds);
    std::printf("%s", tableHeader().c_str());
  }
  std::string summaries;
  for (const BenchKernel* k : kernels)
    for (const std::string& gen : gens) {
      KernelResult r{k->name, gen, 0, {}};
      for (const size_t i : sizeIndices) {
        const frontend::Job job = loadBenchJob(*k, gen, sizes[i], binDir, folder);
        if (!r.capacity) r.capacity = waveCapacity(job);
        SizeResult s;
        s.workgroups = sizes[i];
        s.waves = uint64_t{s.workgroups} * kWavesPerWorkgroup;
        // Alternating rounds: a slow spell of a shared machine falls on both modes, and each keeps its
        // least disturbed round (the ratio of the two is the figure that matters).
        for (unsigned round = 0; round < o.rounds && s.functional.error.empty() && s.timing.error.empty();
             ++round) {
          if (o.mode != "timing")
            s.functional = fasterOf(s.functional, measure(job, *k, "functional", o.threads, o.minCpuSeconds));
          if (o.mode != "functional")
            s.timing = fasterOf(s.timing, measure(job, *k, "timing", o.threads, o.minCpuSeconds));
        }
        allRight &= s.functional.error.empty() && s.timing.error.empty();
        r.sizes.push_back(s);
        if (!o.json) {
          std::printf("%s", tableRow(r, s).c_str());
          std::fflush(stdout);
        }
      }
      const Summary sum = summarize(r);
      summaries += summaryLine(r, sum);
      json["results"].push_back(resultJson(r, sum));
    }
  if (o.json)
    std::printf("%s\n", json.dump(2).c_str());
  else
    std::printf("\nTargets (issue 12; one core):\n%s", summaries.c_str());
  return allRight ? frontend::kExitOk : frontend::kExitFault;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options o;
    if (!parse(argc, argv, o)) return frontend::kExitOk;
    spdlog::set_level(spdlog::level::warn);
    return run(o);
  } catch (const po::error& e) {
    std::cerr << "gcnsim_bench: " << frontend::escapeText(e.what()) << '\n';
  } catch (const frontend::InputError& e) {
    std::cerr << "gcnsim_bench: " << e.what() << '\n';
  }
  return frontend::kExitBadInput;
}
