// MemoryError: the one exception type of the memory/ layer.
//
// Contract: thrown only for setup mistakes (a region that does not fit, an
// overlapping fixed mapping, a bad size or alignment parameter, a dump of an
// unknown region, a cache geometry that is not one). Accesses made by a
// running kernel never throw: they report failure through a bool/status
// return so the simulator can raise its own fault with
// GlobalMemory::describe() in the message. A broken internal invariant (a
// simulator bug, e.g. in l2_steps.cpp) is a std::logic_error.
#pragma once
#include <stdexcept>
#include <string>

namespace gcnsim::memory {

class MemoryError : public std::runtime_error {
 public:
  explicit MemoryError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace gcnsim::memory
