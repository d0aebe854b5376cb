// Errors that reach the user as one line and an exit status.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

namespace gcnsim::frontend {

// Exit statuses of the gcnsim command (README "Exit status").
// A run stopped by SIGINT/SIGTERM exits 128 + the signal number (130, 143), as a shell reports it.
enum ExitCode : int { kExitOk = 0, kExitFault = 1, kExitBadInput = 2, kExitWatchdog = 3 };

// `s` with every control character (C0, DEL, C1) and the Unicode line and
// paragraph separators written as escapes (\n, \t, \r, \0, \xNN, \u2028), so
// that text from the user can never split a message over two lines, cut it
// short (NUL) or drive the terminal.
std::string escapeText(std::string_view s);

// Bad input: usage, JSON, files, binaries. The message names the file and
// field; it is escaped (escapeText), so it is always exactly one line.
struct InputError : std::runtime_error {
  explicit InputError(std::string_view msg) : std::runtime_error(escapeText(msg)) {}
};

}  // namespace gcnsim::frontend
