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
#include <string>
#include <vector>

#include "sim/timing/gpu_config.hpp"

namespace gcnsim::frontend {

// Reads at most maxFileBytes (README "Limits"); every number is range-checked.
sim::timing::GpuConfig loadGpuConfig(const std::filesystem::path& path,
                                     uint64_t maxFileBytes = uint64_t{1} << 30);
// `where` names the source in error messages.
sim::timing::GpuConfig parseGpuConfig(const nlohmann::json& doc, const std::string& where);
// Every "section.field" the format accepts, in file order.
std::vector<std::string> gpuConfigFields();

}  // namespace gcnsim::frontend
