// The config-file keys of GpuConfig's numeric fields: the one list of config
// key names ("section" and "name" as configs/*.json spell them), each with the
// range a config file may give it and whether GpuConfig::validate requires it
// to be positive. Read by the config loader (frontend/config/config_loader.cpp) and
// by validate(); a new GpuConfig number is one row here.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/timing/gpu_config.hpp"

namespace gcnsim::sim::timing {

struct ConfigField {
  const char* section;
  const char* name;
  uint32_t* value;
  // Range a config file may set: the simulator allocates per CU and per cache
  // line, so the upper bounds keep a config from asking for more memory than a
  // host has.
  uint32_t min = 0, max = 1000000;
  bool positive = false;  // validate(): "SECTION.NAME must be positive"
};

// Every numeric field of `c`, in configs/*.json order; `value` points into `c`.
std::vector<ConfigField> configFields(GpuConfig& c);

}  // namespace gcnsim::sim::timing
