// `gcnsim info FILE`: a readable summary of a code object.
#pragma once
#include <ostream>

#include "frontend/code_object/code_object.hpp"

namespace gcnsim::frontend {

// Prints the target, segments and, per kernel, its arguments, register counts,
// LDS/scratch sizes and every kernel descriptor field.
void printCodeObjectInfo(std::ostream& os, const CodeObject& co);

}  // namespace gcnsim::frontend
