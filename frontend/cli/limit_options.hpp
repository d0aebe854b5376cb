// The command-line flags of the limits a user may raise (limits.hpp, README "Limits").
#pragma once
#include <boost/program_options.hpp>

#include "frontend/common/limits.hpp"

namespace gcnsim::frontend {

// Adds --max-file-bytes, --max-buffer-bytes, --max-workgroups and, with
// `scratch`, --max-scratch-bytes, writing into `limits`.
void addLimitOptions(boost::program_options::options_description& opts, Limits& limits, bool scratch);

// Adds --max-file-bytes alone (commands that read one file), `help` its description.
void addFileLimitOption(boost::program_options::options_description& opts, Limits& limits, const char* help);

// Throws InputError "--max-...: N is out of range (A to B)" for a value past its hard ceiling.
void checkLimits(const Limits& limits);

}  // namespace gcnsim::frontend
