// Boost.Program_options errors in gcnsim's one-line style ("--mode: missing
// value (see gcnsim run --help)"), instead of Boost's own sentences.
#pragma once
#include <boost/program_options/errors.hpp>
#include <string>

namespace gcnsim::frontend {

// `command`: the gcnsim command whose options were parsed ("run", "disasm", ...).
std::string optionErrorMessage(const boost::program_options::error& e, const std::string& command);

}  // namespace gcnsim::frontend
