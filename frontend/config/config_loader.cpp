#include "frontend/config/config_loader.hpp"

#include <algorithm>
#include <span>

#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/json_input.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {
namespace {

using sim::timing::GpuConfig;

struct Field {
  const char* section;
  const char* name;
  std::span<uint32_t> values;  // one number, or an array
};

std::vector<Field> fieldsOf(GpuConfig& c) {
  auto one = [](uint32_t& v) { return std::span<uint32_t>(&v, 1); };
  return {
      {"gpu", "cus", one(c.cus)},
      {"gpu", "clock_mhz", one(c.clockMhz)},
      {"gpu", "workgroups_per_cycle", one(c.workgroupsPerCycle)},
      {"cu", "simds", one(c.cu.simds)},
      {"cu", "wave_slots_per_simd", one(c.cu.waveSlotsPerSimd)},
      {"cu", "vgprs_per_simd", one(c.cu.vgprsPerSimd)},
      {"cu", "vgpr_granule", one(c.cu.vgprGranule)},
      {"cu", "sgprs_per_simd", one(c.cu.sgprsPerSimd)},
      {"cu", "sgpr_granule", one(c.cu.sgprGranule)},
      {"cu", "lds_bytes", one(c.cu.ldsBytes)},
      {"cu", "lds_granule", one(c.cu.ldsGranule)},
      {"cu", "max_lds_per_workgroup", one(c.cu.maxLdsPerWorkgroup)},
      {"issue", "valu_cycles", one(c.issue.valuCycles)},
      {"issue", "quarter_rate_cycles", one(c.issue.quarterRateCycles)},
      {"issue", "dp_factor", one(c.issue.dpFactor)},
      {"issue", "salu_cycles", one(c.issue.saluCycles)},
      {"issue", "branch_cycles", one(c.issue.branchCycles)},
      {"issue", "branch_taken_cycles", one(c.issue.branchTakenCycles)},
      {"issue", "msg_latency", one(c.issue.msgLatency)},
      {"issue", "smem_lgkm_single", one(c.issue.smemLgkmSingle)},
      {"issue", "smem_lgkm_multi", one(c.issue.smemLgkmMulti)},
      {"issue", "max_issue_per_cycle", one(c.issue.maxIssuePerCycle)},
      {"issue", "salu_after_valu_cycles", one(c.issue.saluAfterValuCycles)},
      {"issue", "branch_penalty_cycles", one(c.issue.branchPenaltyCycles)},
      {"issue", "alignment_penalty_cycles", one(c.issue.alignmentPenaltyCycles)},
      {"kcache", "size_bytes", one(c.kcache.sizeBytes)},
      {"kcache", "line_bytes", one(c.kcache.lineBytes)},
      {"kcache", "ways", one(c.kcache.ways)},
      {"kcache", "cus_per_cache", one(c.kcache.cusPerCache)},
      {"kcache", "hit_latency", one(c.kcache.hitLatency)},
      {"kcache", "mshrs", one(c.kcache.mshrs)},
      {"kcache", "bytes_per_cycle", one(c.kcache.bytesPerCycle)},
      {"lds", "banks", one(c.lds.banks)},
      {"lds", "bank_bytes", one(c.lds.bankBytes)},
      {"lds", "latency", one(c.lds.latency)},
      {"lds", "gds_latency", one(c.lds.gdsLatency)},
      {"l1", "size_bytes", one(c.l1.cache.sizeBytes)},
      {"l1", "line_bytes", one(c.l1.cache.lineBytes)},
      {"l1", "ways", one(c.l1.cache.ways)},
      {"l1", "hit_latency", one(c.l1.cache.hitLatency)},
      {"l1", "mshrs", one(c.l1.cache.mshrs)},
      {"l1", "lines_per_cycle", one(c.l1.linesPerCycle)},
      {"memory", "l2_size_bytes", one(c.memory.l2.sizeBytes)},
      {"memory", "l2_line_bytes", one(c.memory.l2.lineBytes)},
      {"memory", "l2_ways", one(c.memory.l2.ways)},
      {"memory", "l2_hit_latency", one(c.memory.l2.hitLatency)},
      {"memory", "l2_mshrs", one(c.memory.l2.mshrs)},
      {"memory", "dram_latency", one(c.memory.dramLatency)},
      {"memory", "dram_bytes_per_cycle", one(c.memory.dramBytesPerCycle)},
  };
}

// The largest value of a field: the simulator allocates per CU and per cache
// line, so these keep a config from asking for more memory than a host has.
uint32_t fieldMax(const Field& f) {
  const std::string_view s = f.section, n = f.name;
  if (s == "gpu" && n == "cus") return 256;
  if (s == "cu" && n == "simds") return 16;
  if (n == "l2_size_bytes") return 64u << 20;
  if (n == "size_bytes") return 256u << 10;  // kcache, l1
  if (s == "cu" && (n == "lds_bytes" || n == "max_lds_per_workgroup")) return 256u << 10;
  if (n.ends_with("mshrs") || n.ends_with("ways") || n == "banks" || n == "bank_bytes") return 1024;
  if (n == "lanes_per_pass") return 64;
  return 1000000;
}

uint32_t fieldMin(const Field& f) {
  const std::string_view n = f.name;
  return n == "line_bytes" || n == "l2_line_bytes" ? 16 : 0;
}

uint32_t toU32(const nlohmann::json& v, const std::string& where, const Field& f) {
  if (!v.is_number_integer() && !v.is_number_unsigned())
    throw InputError(where + ": expected a non-negative integer, got " + shortDump(v));
  if (v.is_number_integer() && v.template get<int64_t>() < 0)
    throw InputError(where + ": " + shortDump(v) + " is negative");
  const uint64_t x = v.get<uint64_t>();
  if (x < fieldMin(f) || x > fieldMax(f))
    throw InputError(where + ": " + shortDump(v) + " is out of range (" + std::to_string(fieldMin(f)) +
                     " to " + std::to_string(fieldMax(f)) + ")");
  return uint32_t(x);
}

void setField(const Field& f, const nlohmann::json& raw, const std::string& where) {
  const nlohmann::json* v = &raw;
  if (raw.is_object()) {
    for (const auto& [k, _] : raw.items())
      if (k != "value" && k != "source" && k != "note")
        throw InputError(where + ": unknown key \"" + k + "\" (expected \"value\" and \"source\")");
    if (!raw.contains("value")) throw InputError(where + ": missing \"value\"");
    v = &raw.at("value");
  }
  if (f.values.size() == 1) {
    f.values[0] = toU32(*v, where, f);
    return;
  }
  if (!v->is_array() || v->size() != f.values.size())
    throw InputError(where + ": expected an array of " + std::to_string(f.values.size()) + " integers");
  for (size_t i = 0; i < f.values.size(); ++i)
    f.values[i] = toU32((*v)[i], where + "[" + std::to_string(i) + "]", f);
}

// issue.arbitration: "oldest_first" or "round_robin" (as a bare string or {"value": ..., "source": ...}).
sim::timing::Arbitration parseArbitration(const nlohmann::json& raw, const std::string& where) {
  const nlohmann::json& v = raw.is_object() && raw.contains("value") ? raw.at("value") : raw;
  if (v.is_string() && v.get<std::string>() == "oldest_first") return sim::timing::Arbitration::OldestFirst;
  if (v.is_string() && v.get<std::string>() == "round_robin") return sim::timing::Arbitration::RoundRobin;
  throw InputError(where + ": expected \"oldest_first\" or \"round_robin\"");
}

}  // namespace

std::vector<std::string> gpuConfigFields() {
  GpuConfig c;
  std::vector<std::string> out;
  for (const Field& f : fieldsOf(c)) out.push_back(std::string(f.section) + "." + f.name);
  out.push_back("issue.arbitration");
  return out;
}

GpuConfig parseGpuConfig(const nlohmann::json& doc, const std::string& where) {
  if (!doc.is_object()) throw InputError(where + ": a GPU config must be a JSON object");
  GpuConfig c;
  if (doc.contains("arch")) {
    if (!doc.at("arch").is_string()) throw InputError(where + ": arch: expected a string");
    const auto arch = isa::parseArch(doc.at("arch").get<std::string>());
    if (!arch)
      throw InputError(where + ": arch: unknown architecture \"" + doc.at("arch").get<std::string>() + "\"");
    c = sim::timing::defaultConfig(arch->gen);
  }
  std::vector<Field> fields = fieldsOf(c);
  for (const auto& [key, value] : doc.items()) {
    if (key == "arch" || key == "description" || key == "source") continue;
    if (key == "name") {
      if (!value.is_string()) throw InputError(where + ": name: expected a string");
      c.name = value.get<std::string>();
      continue;
    }
    bool known = false;
    for (const Field& f : fields) known |= key == f.section;
    if (!known) throw InputError(where + ": unknown section \"" + key + "\"");
    if (!value.is_object()) throw InputError(where + ": " + key + ": expected an object");
    for (const auto& [name, raw] : value.items()) {
      const Field* match = nullptr;
      for (const Field& f : fields)
        if (key == f.section && name == f.name) match = &f;
      const std::string field = where + ": " + key + "." + name;
      if (key == "issue" && name == "arbitration") {
        c.issue.arbitration = parseArbitration(raw, field);
        continue;
      }
      if (!match) throw InputError(field + ": unknown field");
      setField(*match, raw, field);
    }
  }
  if (const std::string e = c.validate(); !e.empty()) throw InputError(where + ": " + e);
  return c;
}

nlohmann::json gpuConfigValues(const GpuConfig& config) {
  GpuConfig c = config;  // fieldsOf takes a mutable config
  nlohmann::json out = nlohmann::json::object();
  for (const Field& f : fieldsOf(c)) out[f.section][f.name] = f.values[0];
  out["issue"]["arbitration"] =
      c.issue.arbitration == sim::timing::Arbitration::RoundRobin ? "round_robin" : "oldest_first";
  return out;
}

namespace {

// The bundled chips, with the architecture their configs/NAME.json names.
constexpr std::pair<isa::Gen, const char*> kChips[] = {{isa::Gen::GCN10, "gfx600"},
                                                       {isa::Gen::GCN11, "gfx701"},
                                                       {isa::Gen::GCN12, "gfx803"},
                                                       {isa::Gen::GCN14, "gfx900"}};

// "section.field" for a --set key: as written, or the one section with that field.
std::string fullKey(const std::string& key) {
  const std::vector<std::string> fields = gpuConfigFields();
  if (std::find(fields.begin(), fields.end(), key) != fields.end()) return key;
  std::string found;
  for (const std::string& f : fields) {
    if (f.substr(f.find('.') + 1) != key) continue;
    if (!found.empty())
      throw InputError("--set " + key + ": ambiguous key (" + found + " or " + f + "; write SECTION.FIELD)");
    found = f;
  }
  if (found.empty())
    throw InputError("--set " + key +
                     ": unknown config key (expected SECTION.FIELD as in configs/*.json, e.g. " +
                     "gpu.cus, cu.simds, l1.hit_latency)");
  return found;
}

}  // namespace

std::string chipNames() {
  std::string out;
  for (auto [g, arch] : kChips) out += (out.empty() ? "" : ", ") + sim::timing::defaultConfig(g).name;
  return out;
}

RunConfig loadRunConfig(const std::string& config, const std::vector<std::string>& sets, isa::Gen kernelGen,
                        uint64_t maxFileBytes) {
  RunConfig rc;
  nlohmann::json doc;
  const std::string chip = config.empty() ? sim::timing::defaultConfig(kernelGen).name : config;
  std::string where = (config.empty() ? "config " : "--config ") + chip;
  for (auto [g, arch] : kChips)
    if (sim::timing::defaultConfig(g).name == chip) doc = {{"name", chip}, {"arch", arch}}, rc.gen = g;
  if (rc.gen) {
    rc.source = "built-in";
  } else {
    if (config.find('/') == std::string::npos && !config.ends_with(".json") &&
        !std::filesystem::exists(config))
      throw InputError(where + ": not a chip name (" + chipNames() + ") or a config file");
    doc = parseJsonText(readInputText(config, maxFileBytes), config);
    rc.source = config;
    where = config;
    if (doc.is_object() && doc.contains("arch") && doc.at("arch").is_string())
      if (const auto arch = isa::parseArch(doc.at("arch").get<std::string>())) rc.gen = arch->gen;
  }
  rc.overrides = nlohmann::json::object();
  for (const std::string& set : sets) {
    const size_t eq = set.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("--set \"" + set + "\": expected KEY=VALUE, e.g. --set gpu.cus=4");
    const std::string key = fullKey(set.substr(0, eq)), text = set.substr(eq + 1);
    nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded()) value = text;  // a bare word, e.g. issue.arbitration=round_robin
    if (!doc.is_object()) break;             // parseGpuConfig names the problem
    const size_t dot = key.find('.');
    doc[key.substr(0, dot)][key.substr(dot + 1)] = value;
    rc.overrides[key] = value;
  }
  rc.gpu = parseGpuConfig(doc, sets.empty() ? where : where + " with --set");
  return rc;
}

GpuConfig loadGpuConfig(const std::filesystem::path& path, uint64_t maxFileBytes) {
  return parseGpuConfig(parseJsonText(readInputText(path, maxFileBytes), path.string()), path.string());
}

}  // namespace gcnsim::frontend
