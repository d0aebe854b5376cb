#include "frontend/cli/diff_cmd.hpp"

#include <spdlog/fmt/fmt.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/json_input.hpp"
#include "sim/pc_offset.hpp"

namespace po = boost::program_options;
using json = nlohmann::ordered_json;

namespace gcnsim::frontend {
namespace {

std::string numText(const json& v) {
  if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  return fmt::format("{:.6g}", v.get<double>());
}

// An integer JSON number, exactly (unsigned up to 2^64 - 1, signed down to -2^63).
__int128 intOf(const json& v) {
  return v.is_number_unsigned() ? __int128(v.get<uint64_t>()) : __int128(v.get<int64_t>());
}

// b - a, exactly, with its sign: it may need 65 bits (0 - (2^64 - 1)), which int64 arithmetic wraps.
std::string deltaText(__int128 a, __int128 b) { return fmt::format("{:+}", b - a); }

// One row: name, A, B, B - A, and the change in % of A.
void row(std::string& o, const std::string& name, const json* a, const json* b, bool changedOnly) {
  const bool an = a && a->is_number(), bn = b && b->is_number();
  if (changedOnly && an && bn && *a == *b) return;
  std::string delta = "-", pct = "-";
  if (an && bn) {
    const bool ints = a->is_number_integer() && b->is_number_integer();
    const double d = b->get<double>() - a->get<double>();
    delta = ints ? deltaText(intOf(*a), intOf(*b)) : fmt::format("{:+.6g}", d);
    if (a->get<double>() != 0)
      pct = fmt::format("{:+.1f}%", 100.0 * d / a->get<double>());
    else if (d == 0)
      pct = "+0.0%";
  }
  fmt::format_to(std::back_inserter(o), "  {:<28} {:>14} {:>14} {:>14} {:>9}\n", name, an ? numText(*a) : "-",
                 bn ? numText(*b) : "-", delta, pct);
}

// Rows for every key of two objects (a's order, then keys only b has); lists
// of numbers (ipc_per_cu) as their sum, then the elements that differ;
// objects (rocprof) key by key, named prefix + key. A list or object only one
// side has is "-" on the other (a missing list had summed to 0, a missing
// object had hidden the other side's values in one "-" row).
void objectRows(std::string& o, const json& a, const json& b, bool changedOnly,
                const std::string& prefix = "") {
  // An ordered_json object finds a key by a linear search: contains() and []
  // for every key had made the diff quadratic (20,000 stats took seconds).
  // Each object's keys in a map instead (the keys and values are a's and b's).
  using Index = std::map<std::string_view, const json*>;
  auto index = [](const json& obj) {
    Index m;
    for (auto it = obj.begin(); it != obj.end(); ++it) m.emplace(it.key(), &it.value());
    return m;
  };
  auto find = [](const Index& m, const std::string& k) -> const json* {
    const auto it = m.find(k);
    return it == m.end() ? nullptr : it->second;
  };
  const Index ai = index(a), bi = index(b);
  std::vector<const std::string*> keys;
  for (auto it = a.begin(); it != a.end(); ++it) keys.push_back(&it.key());
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!ai.contains(it.key())) keys.push_back(&it.key());
  for (const std::string* key : keys) {
    const std::string& k = *key;
    const json* av = find(ai, k);
    const json* bv = find(bi, k);
    if ((av && av->is_array()) || (bv && bv->is_array())) {
      const json none = json::array();
      const json& al = av && av->is_array() ? *av : none;
      const json& bl = bv && bv->is_array() ? *bv : none;
      auto total = [](const json& l) {
        double t = 0;
        for (const json& v : l)
          if (v.is_number()) t += v.get<double>();
        return json(t);
      };
      const json ta = total(al), tb = total(bl);
      row(o, prefix + k + "[sum]", av && av->is_array() ? &ta : nullptr, bv && bv->is_array() ? &tb : nullptr,
          changedOnly);
      for (size_t i = 0; i < std::max(al.size(), bl.size()); ++i) {
        const json* ae = i < al.size() ? &al[i] : nullptr;
        const json* be = i < bl.size() ? &bl[i] : nullptr;
        if (!ae || !be || *ae != *be) row(o, fmt::format("{}{}[{}]", prefix, k, i), ae, be, false);
      }
      continue;
    }
    if ((av && av->is_object()) || (bv && bv->is_object())) {  // stats.rocprof: rows rocprof.SQ_WAVES, ...
      const json none = json::object();
      objectRows(o, av && av->is_object() ? *av : none, bv && bv->is_object() ? *bv : none, changedOnly,
                 prefix + k + ".");
      continue;
    }
    row(o, prefix + k, av, bv, changedOnly);
  }
}

std::string field(const json& d, const char* key) {
  return d.contains(key) && d[key].is_string() ? d[key].get<std::string>() : "?";
}

// ", config NAME" when the document records its config (a name, or an object
// with "name"), with its --set overrides: two runs of one chip that differ only
// in an override had been labelled alike ("config vega10" twice).
std::string configOf(const json& d) {
  if (!d.contains("config")) return "";
  const json& c = d["config"];
  if (c.is_string()) return ", config " + c.get<std::string>();
  if (!c.is_object() || !c.contains("name") || !c["name"].is_string()) return "";
  std::string label = ", config " + c["name"].get<std::string>();
  if (c.contains("overrides") && c["overrides"].is_object() && !c["overrides"].empty()) {
    std::string sets;
    for (const auto& [key, value] : c["overrides"].items())
      sets += (sets.empty() ? "" : " ") + key + "=" +
              (value.is_string() ? value.get<std::string>() : value.dump());
    label += " (" + sets + ")";
  }
  return label;
}

// pc -> listing entry. A pc is signed: a function the kernel called may lie before it (sim/pc_offset.hpp).
std::map<int64_t, const json*> listingByPc(const json& d) {
  std::map<int64_t, const json*> m;
  for (const json& e : d["listing"])
    if (e.is_object() && e.contains("pc") && e["pc"].is_number_integer() &&
        (e["pc"].is_number_unsigned() ? e["pc"].get<uint64_t>() <= uint64_t(INT64_MAX) : true))
      m[e["pc"].get<int64_t>()] = &e;
  return m;
}

uint64_t stallOf(const json* e) {
  return e && e->contains("stall_cycles") && (*e)["stall_cycles"].is_number_unsigned()
             ? (*e)["stall_cycles"].get<uint64_t>()
             : 0;
}

bool hasListing(const json& d) { return d.contains("listing") && d["listing"].is_array(); }

}  // namespace

// A result document is at most a few times its buffers; the same bound as a job file's.
constexpr uint64_t kMaxResultBytes = uint64_t{4} << 30;

json loadResultDocument(const std::string& path) {
  const std::vector<uint8_t> bytes = readInputFile(path, kMaxResultBytes);
  std::optional<json> parsed = parseLargeOrderedJson(bytes);
  if (!parsed) throw InputError(path + ": not JSON (expected a result document from gcnsim run --result)");
  const json& doc = *parsed;
  // What the header names and every document of gcnsim run --result has (a --report ... --report-format
  // json output has "stats" too, but is not one).
  const std::string notOne = path + ": not a gcnsim result document (from gcnsim run --result): no ";
  if (!doc.is_object()) throw InputError(notOne + "JSON object");
  for (const char* key : {"kernel", "arch", "mode"})
    if (!doc.contains(key) || !doc[key].is_string()) throw InputError(notOne + "\"" + key + "\" string");
  if (!doc.contains("stats") || !doc["stats"].is_object()) throw InputError(notOne + "\"stats\" object");
  return std::move(*parsed);
}

std::string diffResults(const json& a, const json& b, const std::string& aName, const std::string& bName,
                        bool changedOnly) {
  std::string o;
  auto out = std::back_inserter(o);
  for (const auto& [label, d, name] : {std::tuple{"A", &a, &aName}, std::tuple{"B", &b, &bName}})
    fmt::format_to(out, "{}: {} (kernel {}, {}, {} mode{})\n", label, *name, field(*d, "kernel"),
                   field(*d, "arch"), field(*d, "mode"), configOf(*d));
  fmt::format_to(out, "\n  {:<28} {:>14} {:>14} {:>14} {:>9}\n", "statistic", "A", "B", "B - A", "change");
  objectRows(o, a["stats"], b["stats"], changedOnly);
  auto reasons = [](const json& d) -> const json* {
    return d.contains("stalls") && d["stalls"].is_object() && d["stalls"].contains("by_reason") &&
                   d["stalls"]["by_reason"].is_object()
               ? &d["stalls"]["by_reason"]
               : nullptr;
  };
  if (reasons(a) && reasons(b)) {
    fmt::format_to(out, "\nstall cycles by reason\n");
    objectRows(o, *reasons(a), *reasons(b), changedOnly);
  }
  if (!hasListing(a) || !hasListing(b)) {
    fmt::format_to(out, "\nper-PC stalls: {} (run both with --report listing --result)\n",
                   hasListing(a)   ? "B has no listing"
                   : hasListing(b) ? "A has no listing"
                                   : "no listings");
    return o;
  }
  const auto la = listingByPc(a), lb = listingByPc(b);
  std::map<int64_t, std::pair<const json*, const json*>> pcs;
  for (const auto& [pc, e] : la) pcs[pc].first = e;
  for (const auto& [pc, e] : lb) pcs[pc].second = e;
  fmt::format_to(out, "\nper-PC stall cycles ({}; pc = offset from the entry)\n",
                 changedOnly ? "instructions whose stalls changed" : "instructions that stalled in A or B");
  fmt::format_to(out, "  {:>8} {:>10} {:>10} {:>10} {:>9}  {}\n", "pc", "A", "B", "B - A", "change",
                 "instruction");
  for (const auto& [pc, e] : pcs) {
    const uint64_t sa = stallOf(e.first), sb = stallOf(e.second);
    if ((!sa && !sb) || (changedOnly && sa == sb)) continue;
    const std::string ia = e.first ? field(*e.first, "instruction") : "-";
    const std::string ib = e.second ? field(*e.second, "instruction") : "-";
    const std::string inst = ia == ib ? ia : ia + "  |  B: " + ib;
    const std::string pct =
        sa ? fmt::format("{:+.1f}%", 100.0 * (double(sb) - double(sa)) / double(sa)) : "-";
    fmt::format_to(out, "  {:>8} {:>10} {:>10} {:>10} {:>9}  {}\n", sim::offsetHex(pc), sa, sb,
                   deltaText(sa, sb), pct, inst);
  }
  return o;
}

int diffCommand(const std::vector<std::string>& args) {
  po::options_description opts(
      "gcnsim diff A.json B.json\n  compares two result documents (gcnsim run --result; add --report listing "
      "for per-PC stalls)");
  opts.add_options()("help,h", "show this help")("changed", "only the rows whose values differ");
  po::options_description hidden;
  hidden.add_options()("files", po::value<std::vector<std::string>>(), "result documents");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("files", 2);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts;
    return kExitOk;
  }
  const auto files =
      vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.size() != 2) throw InputError("diff: expected two result documents: gcnsim diff A.json B.json");
  const json a = loadResultDocument(files[0]), b = loadResultDocument(files[1]);
  std::cout << diffResults(a, b, files[0], files[1], vm.count("changed") > 0);
  return kExitOk;
}

}  // namespace gcnsim::frontend
