// Errors that reach the user as one line and an exit status.
#pragma once
#include <stdexcept>
#include <string>

namespace gcnsim::frontend {

// Exit statuses of the gcnsim command (README "Exit status").
enum ExitCode : int { kExitOk = 0, kExitFault = 1, kExitBadInput = 2 };

// Bad input: usage, JSON, files, binaries. The message names the file and field.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gcnsim::frontend
