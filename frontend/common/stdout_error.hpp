// A failed write to stdout, reported where the gcnsim command reports every
// one: the single line "gcnsim: stdout: write error, the output is
// incomplete" (frontend/cli/main.cpp, README "Commands").
#pragma once
#include "frontend/common/error.hpp"

namespace gcnsim::frontend {

// Thrown where a write to stdout failed (a full disk, > /dev/full); the
// command catches it and prints the one stdout line instead of its message.
struct StdoutWriteError : InputError {
  StdoutWriteError() : InputError("stdout: write error, the output is incomplete") {}
};

}  // namespace gcnsim::frontend
