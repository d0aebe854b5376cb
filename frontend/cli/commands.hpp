// The subcommands of the gcnsim CLI, each taking its own arguments (after the
// command name) and returning an exit status (frontend/common/error.hpp). main.cpp dispatches.
#pragma once
#include <string>
#include <vector>

namespace gcnsim::frontend {

int disasmCommand(const std::vector<std::string>& args);  // gcnsim disasm FILE [--arch A] [--kernel K]
int infoCommand(const std::vector<std::string>& args);    // gcnsim info FILE
int checkCommand(const std::vector<std::string>& args);   // gcnsim check JOB

}  // namespace gcnsim::frontend
