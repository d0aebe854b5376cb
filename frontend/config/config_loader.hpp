// GPU configuration files (configs/*.json) -> typed sim::timing::GpuConfig.
//
// Format: an object with "name" (string), optional "arch" (an architecture
// name: the defaults of that generation's chip are the starting point,
// sim::timing::defaultConfig), optional "description", and one object per
// section -- "gpu", "cu", "issue", "kcache", "lds", "l1", "memory" -- whose
// fields are numbers, or {"value": NUMBER, "source": "where it comes from"}.
// Fields left out keep their defaults. Unknown sections or fields are errors
// (per-instruction issue costs are not config fields: they are facts of the
// ISA tables, isa/tables/timing_facts.txt).
//
// Errors: InputError naming the file and the field ("configs/x.json:
// kcache.hit_latency: expected a non-negative integer"), and the config's
// own validation (sim::timing::GpuConfig::validate) prefixed with the file.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "isa/gen.hpp"
#include "sim/timing/gpu_config.hpp"

namespace gcnsim::frontend {

// Reads at most maxFileBytes (README "Limits"); every number is range-checked.
sim::timing::GpuConfig loadGpuConfig(const std::filesystem::path& path,
                                     uint64_t maxFileBytes = uint64_t{1} << 30);
// `where` names the source in error messages.
sim::timing::GpuConfig parseGpuConfig(const nlohmann::json& doc, const std::string& where);
// Every "section.field" the format accepts, in file order.
std::vector<std::string> gpuConfigFields();
// Every field's effective value, {"gpu": {"cus": 64, ...}, ...} (the format
// above, without "name"/"arch"), for result documents and trace headers.
nlohmann::json gpuConfigValues(const sim::timing::GpuConfig& c);

// The config of a run (`gcnsim run --config NAME|FILE --set KEY=VALUE`):
// NAME is a bundled chip (tahiti, hawaii, fiji, vega10, vega20: the built-in
// defaults of sim::timing::defaultConfig, which configs/NAME.json documents);
// anything else is a config file. Empty: the kernel generation's chip.
struct RunConfig {
  sim::timing::GpuConfig gpu;
  std::string source;           // the file, or "built-in"
  std::optional<isa::Gen> gen;  // the generation the config is for (its "arch"), if it names one
  nlohmann::json overrides;     // {"gpu.cus": 4, ...}: the --set values, as applied
};
// `sets` are "KEY=VALUE" with KEY "section.field" or a field name that only
// one section has ("cus"); InputError "--set KEY: ..." for an unknown key or a
// bad value, "--config X: ..." for an unknown name or a bad file.
RunConfig loadRunConfig(const std::string& config, const std::vector<std::string>& sets, isa::Gen kernelGen,
                        uint64_t maxFileBytes);
// The chip names --config accepts, e.g. "tahiti, hawaii, fiji, vega10, vega20".
std::string chipNames();

}  // namespace gcnsim::frontend
