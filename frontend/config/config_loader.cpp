#include "frontend/config/config_loader.hpp"

#include <algorithm>

#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/json_input.hpp"
#include "isa/gen.hpp"
#include "sim/timing/gpu_config_fields.hpp"

namespace gcnsim::frontend {
namespace {

using sim::timing::ConfigField;
using sim::timing::configFields;
using sim::timing::GpuConfig;

uint32_t toU32(const nlohmann::json& v, const std::string& where, const ConfigField& f) {
  if (!v.is_number_integer() && !v.is_number_unsigned())
    throw InputError(where + ": expected a non-negative integer, got " + shortDump(v));
  if (v.is_number_integer() && v.template get<int64_t>() < 0)
    throw InputError(where + ": " + shortDump(v) + " is negative");
  const uint64_t x = v.get<uint64_t>();
  // (A field that must be positive starts at 1: "gpu.cus=100000 is out of range (0 to 256)" had named 0,
  // which validate() then refuses.)
  const uint32_t lo = f.positive ? std::max<uint32_t>(f.min, 1) : f.min;
  if (x < lo || x > f.max)
    throw InputError(where + ": " + shortDump(v) + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(f.max) + ")");
  return uint32_t(x);
}

void setField(const ConfigField& f, const nlohmann::json& raw, const std::string& where) {
  const nlohmann::json* v = &raw;
  if (raw.is_object()) {
    for (const auto& [k, _] : raw.items())
      if (k != "value" && k != "source" && k != "note")
        throw InputError(where + ": unknown key \"" + k + "\" (expected \"value\" and \"source\")");
    if (!raw.contains("value")) throw InputError(where + ": missing \"value\"");
    v = &raw.at("value");
  }
  *f.value = toU32(*v, where, f);
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
  for (const ConfigField& f : configFields(c)) out.push_back(std::string(f.section) + "." + f.name);
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
  std::vector<ConfigField> fields = configFields(c);
  for (const auto& [key, value] : doc.items()) {
    if (key == "arch" || key == "description" || key == "source") continue;
    if (key == "name") {
      if (!value.is_string()) throw InputError(where + ": name: expected a string");
      c.name = value.get<std::string>();
      continue;
    }
    bool known = false;
    for (const ConfigField& f : fields) known |= key == f.section;
    if (!known) throw InputError(where + ": unknown section \"" + key + "\"");
    if (!value.is_object()) throw InputError(where + ": " + key + ": expected an object");
    for (const auto& [name, raw] : value.items()) {
      const ConfigField* match = nullptr;
      for (const ConfigField& f : fields)
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
  GpuConfig c = config;  // configFields takes a mutable config
  nlohmann::json out = nlohmann::json::object();
  for (const ConfigField& f : configFields(c)) out[f.section][f.name] = *f.value;
  out["issue"]["arbitration"] =
      c.issue.arbitration == sim::timing::Arbitration::RoundRobin ? "round_robin" : "oldest_first";
  return out;
}

namespace {

// The bundled chips, with the architecture their configs/NAME.json names.
constexpr std::pair<isa::Gen, const char*> kChips[] = {
    {isa::Gen::GCN10, "gfx600"},
    {isa::Gen::GCN11, "gfx701"},
    {isa::Gen::GCN12, "gfx803"},
    {isa::Gen::GCN14, "gfx900"},
    {isa::Gen(isa::Gen::GCN14, isa::Variant::Gfx906), "gfx906"}};

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
    const std::string section = key.substr(0, dot);
    // (operator[] on a section that is a number had thrown nlohmann's type_error: "internal error")
    if (doc.contains(section) && !doc[section].is_object())
      throw InputError(where + ": " + section + ": expected an object (for --set " + key + ")");
    doc[section][key.substr(dot + 1)] = value;
    rc.overrides[key] = value;
  }
  rc.gpu = parseGpuConfig(doc, sets.empty() ? where : where + " with --set");
  return rc;
}

GpuConfig loadGpuConfig(const std::filesystem::path& path, uint64_t maxFileBytes) {
  return parseGpuConfig(parseJsonText(readInputText(path, maxFileBytes), path.string()), path.string());
}

}  // namespace gcnsim::frontend
