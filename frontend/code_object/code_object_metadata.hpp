// NT_AMDGPU_METADATA (msgpack, AMDGPUUsage.rst "Code Object V3 Metadata" and
// later) -> per-kernel metadata. Internal to the code object loader.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontend/code_object/code_object.hpp"

namespace gcnsim::frontend {

struct CodeObjectMetadata {
  std::vector<unsigned> version;    // "amdhsa.version", e.g. {1, 1} for v4
  std::string target;               // "amdhsa.target" (empty in v3)
  std::vector<KernelInfo> kernels;  // metadata fields only (no descriptor or addresses yet)
};

// Parses the msgpack descriptor of the NT_AMDGPU_METADATA note. Throws InputError
// "FILE: NT_AMDGPU_METADATA: FIELD: problem".
CodeObjectMetadata parseCodeObjectMetadata(std::span<const uint8_t> msgpack, const std::string& file);

}  // namespace gcnsim::frontend
