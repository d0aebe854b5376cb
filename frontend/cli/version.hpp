// gcnsim's version: CMake's project(VERSION) (the top-level CMakeLists.txt),
// passed in as GCNSIM_VERSION, so it is written down once.
#pragma once

namespace gcnsim::frontend {

inline constexpr const char* kVersion = GCNSIM_VERSION;

}  // namespace gcnsim::frontend
